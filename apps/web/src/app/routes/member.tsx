import { lazyScreen } from '../../lib/lazy-screen.tsx';
import { MEMBER_PATHS } from './paths.ts';
import type { AppScreen } from './screen-routes.tsx';

type Loaders = typeof import('./member-screen-loaders.ts');
const loaders = () => import('./member-screen-loaders.ts');
const screen = (name: keyof Loaders) => lazyScreen(() => loaders().then((module) => module[name]()));

/** The member's screens (role `user`), docs/product.md §19. */
export const memberScreens: AppScreen[] = [
  { path: MEMBER_PATHS.home, title: 'nav:items.home', screen: screen('publisherHomePage') },
  { path: MEMBER_PATHS.earnings, title: 'nav:items.earnings', screen: screen('memberEarningsPage') },
  { path: MEMBER_PATHS.statistics, title: 'nav:items.statistics', screen: screen('statisticsPage') },
  { path: MEMBER_PATHS.payments, title: 'nav:items.payments', screen: screen('memberPaymentsPage') },
  { path: MEMBER_PATHS.documents, title: 'nav:items.documents', screen: screen('documentsPage') },
  { path: MEMBER_PATHS.deductions, title: 'nav:items.deductions', screen: screen('memberDeductionsPage') },
  { path: MEMBER_PATHS.myInformation, title: 'nav:items.myInformation', screen: screen('myInformationPage') },
  { path: MEMBER_PATHS.profile, title: 'nav:items.profile', screen: screen('profilePage') },
  { path: MEMBER_PATHS.security, title: 'nav:items.security', screen: screen('securityPage') },
  {
    path: MEMBER_PATHS.notifications,
    title: 'nav:items.notifications',
    screen: screen('memberNotificationsPage'),
  },
  { path: MEMBER_PATHS.dashboard, title: 'nav:items.dashboard', screen: screen('memberDashboardPage') },
];
