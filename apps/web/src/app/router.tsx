import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { BlankLoader } from '../components/page-loader.tsx';
import { NotFoundState } from '../components/not-found-state.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { lazyScreen } from '../lib/lazy-screen.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RootError, RouteError } from './route-error.tsx';
import { RootLayout } from './root-layout.tsx';
import { adminScreens } from './routes/admin.tsx';
import { memberScreens } from './routes/member.tsx';
import { publicRoutes } from './routes/public.tsx';
import { appRoutes, guardedLoader, type RouteHandle } from './routes/screen-routes.tsx';

const notFoundHandle: RouteHandle = { title: 'common:notFound.title' };

/** The signed-in layout (AppShell, navigation, user menu) is not part of the landing page's code. */
const appLayout = lazyScreen(() => import('./layouts/app-layout.tsx'));
const AppLayout = appLayout.Component;

/**
 * The route tree. The public layout is in the entry chunk; the signed-in layout and every screen
 * are chunks of their own, downloaded by their route's loader. Redirects and not-found follow resolveNavigation (app/navigation.ts).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootError />,
    HydrateFallback: BlankLoader,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      {
        path: '/app',
        // Downloads the layout with the first signed-in page; visitors are redirected before that.
        loader: guardedLoader((session) => (session ? appLayout.preload() : undefined)),
        element: <AppLayout />,
        errorElement: <RouteError frame="public" />,
        children: [
          ...appRoutes(memberScreens, adminScreens),
          {
            // Unknown /app paths: the guard sends visitors to / and shows signed-in people the not-found state.
            path: '*',
            loader: guardedLoader(() => loadNamespaces(['nav'])),
            element: <NotFoundState />,
            errorElement: <RouteError frame="app" />,
            handle: notFoundHandle,
          },
        ],
      },
      // Unknown public paths and the template's demo pages (redirected by the loader).
      { path: '*', loader: guardedLoader(() => undefined), element: <NotFoundPage />, handle: notFoundHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
