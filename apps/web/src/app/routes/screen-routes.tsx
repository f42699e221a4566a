import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import type { Role } from '@agency/shared';
import { loadNamespaces, type Namespace } from '../../lib/i18n.ts';
import type { LazyScreen } from '../../lib/lazy-screen.tsx';
import { readSession, type StoredSession } from '../../lib/session.ts';
import { resolveNavigation, type NavigationDecision } from '../navigation.ts';
import { RoleScreen } from '../role-screen.tsx';
import { RouteError } from '../route-error.tsx';

/** A translation key for the document title, e.g. `nav:items.members` or `common:pageTitles.signIn`. */
export type TitleKey = `${'common' | 'nav'}:${string}`;

/** `handle` of a route: the screen's title, per role where two roles share a path. */
export interface RouteHandle {
  title?: TitleKey | Partial<Record<Role, TitleKey>>;
}

export interface PublicScreen {
  path: string;
  screen: LazyScreen;
  /** Translation namespaces the screen uses besides common/errors/messages; loaded with its code. */
  namespaces: Namespace[];
  /** No title: the page shows the agency's page title alone (the landing page). */
  title?: TitleKey;
}

export interface AppScreen {
  path: string;
  screen: LazyScreen;
  title: TitleKey;
}

type Preload = (session: StoredSession | null, decision: NavigationDecision) => Promise<unknown> | undefined;

/**
 * Every route loader starts with the navigation rules (so a redirect happens before anything
 * renders or downloads), then downloads what the page needs; the router, and with it the progress
 * bar, waits for that. A failed download lands in the route's error element with a retry button.
 */
export function guardedLoader(preload: Preload) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = readSession();
    const decision = resolveNavigation(new URL(request.url).pathname, session);
    if (decision.kind === 'redirect') throw redirect(decision.to);
    await preload(session, decision);
    return null;
  };
}

export function publicRoute({ path, screen, namespaces, title }: PublicScreen): RouteObject {
  const Screen = screen.Component;
  return {
    path,
    loader: guardedLoader((_session, decision) => (decision.kind === 'render' ? Promise.all([screen.preload(), loadNamespaces(namespaces)]) : undefined)),
    element: <Screen />,
    errorElement: <RouteError frame="public" />,
    handle: { title } satisfies RouteHandle,
  };
}

/**
 * One route per signed-in path. Where the member and the admin share a path (notifications,
 * earnings, deductions) the route holds both screens and renders the one of the signed-in role.
 */
export function appRoutes(memberScreens: AppScreen[], adminScreens: AppScreen[]): RouteObject[] {
  const byPath = new Map<string, { path: string; screens: Partial<Record<Role, AppScreen>> }>();
  const add = (role: Role, entry: AppScreen) => {
    const key = entry.path.toLowerCase();
    const existing = byPath.get(key) ?? { path: entry.path, screens: {} };
    existing.screens[role] = entry;
    byPath.set(key, existing);
  };
  memberScreens.forEach((entry) => add('user', entry));
  adminScreens.forEach((entry) => add('admin', entry));

  return [...byPath.values()].map(({ path, screens }) => ({
    path,
    loader: guardedLoader((session, decision) => {
      const screen = session && decision.kind === 'render' ? screens[session.role]?.screen : undefined;
      return Promise.all([loadNamespaces(['nav']), screen?.preload()]);
    }),
    element: <RoleScreen screens={{ user: screens.user?.screen, admin: screens.admin?.screen }} />,
    errorElement: <RouteError frame="app" />,
    handle: { title: { user: screens.user?.title, admin: screens.admin?.title } } satisfies RouteHandle,
  }));
}
