import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import { matchRoutes, Router, UNSAFE_createBrowserHistory, useRoutes, type Location, type NavigationType, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { hasSessionEnded, readSession, type StoredSession } from '../lib/session.ts';
import { resolveNavigation, type NavigationDecision } from './navigation.ts';
import { afterSessionEnded } from './return-path.ts';

/**
 * The router of the app: react-router's declarative <Router> and useRoutes, with the one thing we
 * used its data router for, in a few lines and without its weight on the landing page: before a
 * location renders, the navigation rules run (a redirect happens before anything renders or
 * downloads), then every matched route's `handle.load` downloads what the page needs (code,
 * translations). Meanwhile the previous page stays and `useIsNavigating()` is true (the progress
 * bar). A failed download shows the route's error state (RouteBoundary) with a retry button.
 */

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** Downloads what a route needs before it renders; the route's `handle.load`. */
export type RouteLoad = (session: StoredSession | null, decision: NavigationDecision, pathname: string) => Promise<unknown> | undefined;

export interface RouteLoadFailure {
  /** The `id` of the route whose load failed. */
  routeId: string | undefined;
  error: unknown;
}

interface Committed {
  action: NavigationType;
  location: Location;
  handles: unknown[];
  failure: RouteLoadFailure | null;
}

interface AppRouterState {
  /** null until the first page is ready. */
  committed: Committed | null;
  navigating: boolean;
}

export interface AppRouter {
  routes: RouteObject[];
  history: History;
  getState(): AppRouterState;
  subscribe(listener: () => void): () => void;
  /** Runs the current location's loads again (the retry button of a failed download). */
  retry(): void;
}

function handleLoad(route: RouteObject): RouteLoad | undefined {
  return (route.handle as { load?: RouteLoad } | undefined)?.load;
}

export function createAppRouter(routes: RouteObject[], history: History = UNSAFE_createBrowserHistory({ v5Compat: true })): AppRouter {
  let state: AppRouterState = { committed: null, navigating: true };
  const listeners = new Set<() => void>();
  let sequence = 0;

  const set = (next: AppRouterState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  function go(action: NavigationType, location: Location): void {
    const id = ++sequence;
    const session = readSession();
    const decision = afterSessionEnded(resolveNavigation(location.pathname, session), location.pathname, location.search, !session && hasSessionEnded());
    if (decision.kind === 'redirect') {
      history.replace(decision.to);
      return;
    }
    const matches = matchRoutes(routes, location) ?? [];
    const handles = matches.map((match) => match.route.handle as unknown);
    const loads = matches.map((match) => {
      const load = handleLoad(match.route)?.(session, decision, location.pathname);
      return load?.then(
        () => null,
        (error: unknown): RouteLoadFailure => ({ routeId: match.route.id, error }),
      );
    });
    const commit = (failure: RouteLoadFailure | null) => set({ committed: { action, location, handles, failure }, navigating: false });
    if (loads.every((load) => load === undefined)) {
      commit(null);
      return;
    }
    if (!state.navigating) set({ ...state, navigating: true });
    void Promise.all(loads).then((results) => {
      if (id === sequence) commit(results.find((result) => result) ?? null);
    });
  }

  history.listen(({ action, location }) => go(action, location));
  go(history.action, history.location);

  return {
    routes,
    history,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retry() {
      const committed = state.committed;
      if (committed) go(committed.action, committed.location);
    },
  };
}

interface RouterStateValue {
  navigating: boolean;
  handles: unknown[];
  failure: RouteLoadFailure | null;
  retry: () => void;
}

const RouterStateContext = createContext<RouterStateValue>({ navigating: false, handles: [], failure: null, retry: () => {} });

/** True while the next page's code and translations download (the previous page is still shown). */
export function useIsNavigating(): boolean {
  return use(RouterStateContext).navigating;
}

/** The `handle` of each matched route of the current page, outermost first. */
export function useRouteHandles(): unknown[] {
  return use(RouterStateContext).handles;
}

/** The failed download of the current page, and a retry. */
export function useRouteLoadFailure(): { failure: RouteLoadFailure | null; retry: () => void } {
  const { failure, retry } = use(RouterStateContext);
  return { failure, retry };
}

function RoutesView({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the router's current page; `fallback` until the first page is ready, `rootError` if a
 * layout itself throws.
 */
export function AppRouterProvider({ router, fallback = null, rootError }: { router: AppRouter; fallback?: ReactNode; rootError?: (error: unknown) => ReactNode }) {
  const state = useSyncExternalStore(router.subscribe, router.getState, router.getState);
  const committed = state.committed;
  if (!committed) return fallback;
  const value: RouterStateValue = { navigating: state.navigating, handles: committed.handles, failure: committed.failure, retry: router.retry };
  return (
    <RouterStateContext value={value}>
      <Router location={committed.location} navigationType={committed.action} navigator={router.history}>
        <ErrorBoundary fallback={rootError}>
          <RoutesView routes={router.routes} />
        </ErrorBoundary>
      </Router>
    </RouterStateContext>
  );
}
