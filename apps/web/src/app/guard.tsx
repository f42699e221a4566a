import { createContext, use, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasSessionEnded } from '../lib/session.ts';
import { useSession } from '../lib/use-session.ts';
import { resolveNavigation, type NavigationDecision } from './navigation.ts';
import { afterSessionEnded } from './return-path.ts';

const DecisionContext = createContext<NavigationDecision>({ kind: 'render' });

/** What resolveNavigation decided for the current path: layouts show the not-found page on `notFound`. */
export function useNavigationDecision(): NavigationDecision {
  return use(DecisionContext);
}

/**
 * Applies resolveNavigation to the current path and session. Route loaders apply the same rules
 * before a route loads; this guard re-applies them when the session changes while a page is open
 * (sign-out, a 401 that cleared the session, a sign-in in another tab). A session the server
 * refused (expired, revoked) leads to the sign-in page, which says so and comes back here.
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const session = useSession();
  // A session the server refused (401) sends the person to sign in again and back here.
  const decision = afterSessionEnded(resolveNavigation(pathname, session), pathname, search, !session && hasSessionEnded());
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <DecisionContext value={decision}>{children}</DecisionContext>;
}
