import { useQuery } from '@tanstack/react-query';
import type { Me } from '@agency/shared';
import { api } from './api-client.ts';
import { useSession } from './use-session.ts';

/** The signed-in person (`GET /api/me`); disabled without a session. */
export function useMe() {
  const session = useSession();
  return useQuery({
    queryKey: ['me', session?.uid],
    queryFn: async () => (await api.get<Me>('/me')).data,
    enabled: Boolean(session),
    staleTime: 5 * 60_000,
    meta: { progress: false },
  });
}
