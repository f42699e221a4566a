import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session.ts';

const LOGOUT_WAIT_MS = 3_000;

/**
 * Sign-out: `POST /api/auth/logout` revokes the token on the server (waited for at most 3 s; the
 * browser forgets the session either way), then the session and cached data are cleared and the
 * person lands on `/`.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await Promise.race([api.post('/auth/logout').catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
    clearSession();
    queryClient.clear();
    await navigate('/', { replace: true });
    notifySuccess('LOGOUT_SUCCESS');
  }, [navigate, queryClient]);
}
