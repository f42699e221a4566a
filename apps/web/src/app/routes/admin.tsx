import { lazyScreen } from '../../lib/lazy-screen.tsx';
import { ADMIN_PATHS } from './paths.ts';
import type { AppScreen } from './screen-routes.tsx';

type Loaders = typeof import('./admin-screen-loaders.ts');
const loaders = () => import('./admin-screen-loaders.ts');
const screen = (name: keyof Loaders) => lazyScreen(() => loaders().then((module) => module[name]()));

/** The admin's screens, docs/product.md §19. */
export const adminScreens: AppScreen[] = [
  { path: ADMIN_PATHS.members, title: 'nav:items.members', screen: screen('membersPage') },
  { path: ADMIN_PATHS.memberOverview, title: 'nav:items.memberOverview', screen: screen('memberOverviewPage') },
  { path: ADMIN_PATHS.creators, title: 'nav:items.creators', screen: screen('creatorsPage') },
  { path: ADMIN_PATHS.memberProfile, title: 'nav:items.memberProfile', screen: screen('memberProfilePage') },
  { path: ADMIN_PATHS.creatorDetails, title: 'nav:items.creatorDetails', screen: screen('creatorDetailsPage') },
  { path: ADMIN_PATHS.payments, title: 'nav:items.payments', screen: screen('adminPaymentsPage') },
  { path: ADMIN_PATHS.uploads, title: 'nav:items.uploads', screen: screen('uploadsPage') },
  {
    path: ADMIN_PATHS.applications,
    title: 'nav:items.applications',
    screen: screen('applicationsReviewPage'),
  },
  { path: ADMIN_PATHS.activityLog, title: 'nav:items.activityLog', screen: screen('activityLogPage') },
  { path: ADMIN_PATHS.dataExport, title: 'nav:items.dataExport', screen: screen('dataExportPage') },
  {
    path: ADMIN_PATHS.notifications,
    title: 'nav:items.notifications',
    screen: screen('adminNotificationsPage'),
  },
  { path: ADMIN_PATHS.dashboard, title: 'nav:items.dashboard', screen: screen('adminDashboardPage') },
  {
    path: ADMIN_PATHS.commissionSettings,
    title: 'nav:items.commissionSettings',
    screen: screen('commissionSettingsPage'),
  },
  { path: ADMIN_PATHS.finance, title: 'nav:items.finance', screen: screen('financePage') },
  { path: ADMIN_PATHS.deductions, title: 'nav:items.deductions', screen: screen('adminDeductionsPage') },
  { path: ADMIN_PATHS.branding, title: 'nav:items.branding', screen: screen('brandingPage') },
  { path: ADMIN_PATHS.security, title: 'nav:items.security', screen: screen('securityPage') },
  { path: ADMIN_PATHS.signature, title: 'nav:items.signature', screen: screen('signaturePage') },
  { path: ADMIN_PATHS.stamp, title: 'nav:items.stamp', screen: screen('stampPage') },
  {
    path: ADMIN_PATHS.referralSettings,
    title: 'nav:items.referralSettings',
    screen: screen('referralSettingsPage'),
  },
  {
    path: ADMIN_PATHS.documentSettings,
    title: 'nav:items.documentSettings',
    screen: screen('documentSettingsPage'),
  },
];
