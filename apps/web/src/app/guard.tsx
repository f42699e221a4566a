import { createContext, use, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/use-session.ts';
import { resolveNavigation, type NavigationDecision } from './navigation.ts';

const DecisionContext = createContext<NavigationDecision>({ kind: 'render' });

/** What resolveNavigation decided for the current path: layouts show the not-found page on `notFound`. */
export function useNavigationDecision(): NavigationDecision {
  return use(DecisionContext);
}

/**
 * Applies resolveNavigation to the current path and session. Route loaders apply the same rules
 * before a route loads; this guard re-applies them when the session changes while a page is open
 * (sign-out, a 401 that cleared the session, a sign-in in another tab).
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const decision = resolveNavigation(pathname, session);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <DecisionContext value={decision}>{children}</DecisionContext>;
}
