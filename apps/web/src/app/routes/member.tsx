import { lazyScreen } from '../../lib/lazy-screen.tsx';
import { MEMBER_PATHS } from './paths.ts';
import type { AppScreen } from './screen-routes.tsx';

/** The member's screens (role `user`), PRODUCT section 5. */
export const memberScreens: AppScreen[] = [
  { path: MEMBER_PATHS.home, title: 'nav:items.home', screen: lazyScreen(() => import('../../features/publisher/publisher-home-page.tsx')) },
  { path: MEMBER_PATHS.earnings, title: 'nav:items.earnings', screen: lazyScreen(() => import('../../features/earnings/member-earnings-page.tsx')) },
  { path: MEMBER_PATHS.statistics, title: 'nav:items.statistics', screen: lazyScreen(() => import('../../features/statistics/statistics-page.tsx')) },
  { path: MEMBER_PATHS.payments, title: 'nav:items.payments', screen: lazyScreen(() => import('../../features/payments/member-payments-page.tsx')) },
  { path: MEMBER_PATHS.documents, title: 'nav:items.documents', screen: lazyScreen(() => import('../../features/documents/documents-page.tsx')) },
  { path: MEMBER_PATHS.deductions, title: 'nav:items.deductions', screen: lazyScreen(() => import('../../features/deductions/member-deductions-page.tsx')) },
  { path: MEMBER_PATHS.myInformation, title: 'nav:items.myInformation', screen: lazyScreen(() => import('../../features/profile/my-information-page.tsx')) },
  { path: MEMBER_PATHS.profile, title: 'nav:items.profile', screen: lazyScreen(() => import('../../features/profile/profile-page.tsx')) },
  {
    path: MEMBER_PATHS.notifications,
    title: 'nav:items.notifications',
    screen: lazyScreen(() => import('../../features/notifications/member-notifications-page.tsx')),
  },
  { path: MEMBER_PATHS.dashboard, title: 'nav:items.dashboard', screen: lazyScreen(() => import('../../features/dashboards/member-dashboard-page.tsx')) },
];
