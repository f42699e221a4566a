import type { Role } from '@agency/shared';
import { NotFoundState } from '../components/not-found-state.tsx';
import type { LazyScreen } from '../lib/lazy-screen.tsx';
import { useSession } from '../lib/use-session.ts';
import { useNavigationDecision } from './guard.tsx';

/** The screen of the signed-in role for this path; the not-found state for the other role. */
export function RoleScreen({ screens }: { screens: Partial<Record<Role, LazyScreen>> }) {
  const session = useSession();
  const decision = useNavigationDecision();
  const screen = session ? screens[session.role] : undefined;
  if (decision.kind === 'notFound' || !screen) return <NotFoundState />;
  const Screen = screen.Component;
  return <Screen />;
}
