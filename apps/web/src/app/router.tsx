import type { RouteObject } from 'react-router';
import { NotFoundState } from '../components/not-found-state.tsx';
import { loadNamespaces, SCREEN_NAMESPACES } from '../lib/i18n.ts';
import { lazyScreen } from '../lib/lazy-screen.tsx';
import { createAppRouter as createRouter } from './app-router.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteBoundary } from './route-error.tsx';
import { RootLayout } from './root-layout.tsx';
import { adminScreens } from './routes/admin.tsx';
import { memberScreens } from './routes/member.tsx';
import { PUBLIC_PATHS } from './routes/paths.ts';
import { publicRoutes } from './routes/public.tsx';
import { appRoutes, type RouteHandle } from './routes/screen-routes.tsx';

const notFoundHandle: RouteHandle = { title: 'common:notFound.title' };

/**
 * Mantine's stylesheet for every component (app/mantine-styles.ts), before any page but the landing
 * page renders: the landing page makes do with the few components it uses (app/mantine-landing.css,
 * in the entry), so its first paint and hydration do not match 220 KB of rules they never use
 * (docs/decisions/013).
 */
const loadMantineStyles = () => import('./mantine-styles.ts');

/** The signed-in layout (AppShell, navigation, user menu) is not part of the landing page's code. */
const appLayout = lazyScreen(() => import('./layouts/app-layout.tsx'));
const AppLayout = appLayout.Component;

/**
 * The route tree. The public layout is in the entry chunk; the signed-in layout and every screen
 * are chunks of their own, downloaded by their route's `handle.load` before the route renders.
 * Redirects and not-found follow resolveNavigation (app/navigation.ts), applied by the router
 * (app/app-router.tsx) before each navigation and by the guard when the session changes.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    handle: { load: (_session, _decision, pathname) => (pathname === PUBLIC_PATHS.landing ? undefined : loadMantineStyles()) } satisfies RouteHandle,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      {
        id: 'app',
        path: '/app',
        element: (
          <RouteBoundary routeId="app" frame="public">
            <AppLayout />
          </RouteBoundary>
        ),
        // Downloads the layout with the first signed-in page; visitors are redirected before that.
        handle: { load: (session) => (session ? appLayout.preload() : undefined) } satisfies RouteHandle,
        children: [
          ...appRoutes(memberScreens, adminScreens),
          {
            // Unknown /app paths: the guard sends visitors to / and shows signed-in people the not-found state.
            id: 'app-not-found',
            path: '*',
            element: (
              <RouteBoundary routeId="app-not-found" frame="app">
                <NotFoundState />
              </RouteBoundary>
            ),
            handle: { ...notFoundHandle, load: () => loadNamespaces(['nav', ...SCREEN_NAMESPACES]) } satisfies RouteHandle,
          },
        ],
      },
      // Unknown public paths and the template's demo pages (redirected by the router).
      { path: '*', element: <NotFoundPage />, handle: notFoundHandle },
    ],
  },
];

export function createAppRouter(routeObjects: RouteObject[] = routes, history?: Parameters<typeof createRouter>[1]) {
  return createRouter(routeObjects, history);
}
