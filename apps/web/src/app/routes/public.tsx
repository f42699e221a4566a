import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.tsx';
import { withQueryScope } from '../query-scope-lazy.tsx';
import { PUBLIC_PATHS } from './paths.ts';
import { publicRoute, type PublicScreen } from './screen-routes.tsx';

/**
 * Public screens (docs/product.md §19): each in its own chunk with its own translation namespace.
 * The forms run inside QueryScope (react-query); the landing page does without it.
 */
const publicScreens: PublicScreen[] = [
  { path: PUBLIC_PATHS.landing, screen: lazyScreen(() => import('../../features/landing/landing-page.tsx')), namespaces: ['landing'], withoutApiTexts: true },
  {
    path: PUBLIC_PATHS.apply,
    screen: withQueryScope(lazyScreen(() => import('../../features/applications/application-page.tsx'))),
    namespaces: ['apply'],
    title: 'common:pageTitles.apply',
  },
  {
    path: PUBLIC_PATHS.signIn,
    screen: withQueryScope(lazyScreen(() => import('../../features/auth/sign-in-page.tsx'))),
    namespaces: ['auth'],
    title: 'common:pageTitles.signIn',
  },
  {
    path: PUBLIC_PATHS.signUp,
    screen: withQueryScope(lazyScreen(() => import('../../features/auth/sign-up-page.tsx'))),
    namespaces: ['auth'],
    title: 'common:pageTitles.signUp',
  },
  {
    path: PUBLIC_PATHS.forgot,
    screen: withQueryScope(lazyScreen(() => import('../../features/auth/forgot-page.tsx'))),
    namespaces: ['auth'],
    title: 'common:pageTitles.forgot',
  },
  {
    path: PUBLIC_PATHS.reset,
    screen: withQueryScope(lazyScreen(() => import('../../features/auth/reset-page.tsx'))),
    namespaces: ['auth'],
    title: 'common:pageTitles.reset',
  },
  {
    path: PUBLIC_PATHS.verification,
    screen: withQueryScope(lazyScreen(() => import('../../features/auth/verification-page.tsx'))),
    namespaces: ['auth'],
    title: 'common:pageTitles.verification',
  },
];

export const publicRoutes: RouteObject[] = publicScreens.map(publicRoute);
