import type { RouteObject } from 'react-router';
import type { Role } from '@agency/shared';
import { loadNamespaces, SCREEN_NAMESPACES, type Namespace } from '../../lib/i18n.ts';
import type { LazyScreen } from '../../lib/lazy-screen.tsx';
import type { RouteLoad } from '../app-router.tsx';
import { RoleScreen } from '../role-screen.tsx';
import { RouteBoundary } from '../route-error.tsx';

/** A translation key for the document title, e.g. `nav:items.members` or `common:pageTitles.signIn`. */
export type TitleKey = `${'common' | 'nav'}:${string}`;

/**
 * `handle` of a route: the screen's title, per role where two roles share a path, and what the
 * route downloads before it renders (app/app-router.tsx runs the navigation rules first).
 */
export interface RouteHandle {
  title?: TitleKey | Partial<Record<Role, TitleKey>>;
  load?: RouteLoad;
}

export interface PublicScreen {
  path: string;
  screen: LazyScreen;
  /** Translation namespaces the screen uses besides common/errors/messages; loaded with its code. */
  namespaces: Namespace[];
  /** Only `common` and `namespaces`, without the API texts (errors, messages): the landing page. */
  withoutApiTexts?: boolean;
  /** No title: the page shows the agency's page title alone (the landing page). */
  title?: TitleKey;
}

export interface AppScreen {
  path: string;
  screen: LazyScreen;
  title: TitleKey;
}

export function publicRoute({ path, screen, namespaces, title, withoutApiTexts = false }: PublicScreen): RouteObject {
  const Screen = screen.Component;
  const screenNamespaces: Namespace[] = withoutApiTexts ? namespaces : [...SCREEN_NAMESPACES, ...namespaces];
  return {
    id: path,
    path,
    element: (
      <RouteBoundary routeId={path} frame="public">
        <Screen />
      </RouteBoundary>
    ),
    handle: {
      title,
      load: (_session, decision) => (decision.kind === 'render' ? Promise.all([screen.preload(), loadNamespaces(screenNamespaces)]) : undefined),
    } satisfies RouteHandle,
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
    id: path,
    path,
    element: (
      <RouteBoundary routeId={path} frame="app">
        <RoleScreen screens={{ user: screens.user?.screen, admin: screens.admin?.screen }} />
      </RouteBoundary>
    ),
    handle: {
      title: { user: screens.user?.title, admin: screens.admin?.title },
      load: (session, decision) => {
        const screen = session && decision.kind === 'render' ? screens[session.role]?.screen : undefined;
        return Promise.all([loadNamespaces(['nav', ...SCREEN_NAMESPACES]), screen?.preload()]);
      },
    } satisfies RouteHandle,
  }));
}
