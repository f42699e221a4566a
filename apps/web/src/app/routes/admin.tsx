import { lazyScreen } from '../../lib/lazy-screen.tsx';
import { ADMIN_PATHS } from './paths.ts';
import type { AppScreen } from './screen-routes.tsx';

/** The admin's screens, PRODUCT section 5 (plus deductions, see paths.ts). */
export const adminScreens: AppScreen[] = [
  { path: ADMIN_PATHS.members, title: 'nav:items.members', screen: lazyScreen(() => import('../../features/members/members-page.tsx')) },
  { path: ADMIN_PATHS.memberOverview, title: 'nav:items.memberOverview', screen: lazyScreen(() => import('../../features/members/member-overview-page.tsx')) },
  { path: ADMIN_PATHS.creators, title: 'nav:items.creators', screen: lazyScreen(() => import('../../features/creators/creators-page.tsx')) },
  { path: ADMIN_PATHS.memberProfile, title: 'nav:items.memberProfile', screen: lazyScreen(() => import('../../features/members/member-profile-page.tsx')) },
  { path: ADMIN_PATHS.creatorDetails, title: 'nav:items.creatorDetails', screen: lazyScreen(() => import('../../features/creators/creator-details-page.tsx')) },
  { path: ADMIN_PATHS.payments, title: 'nav:items.payments', screen: lazyScreen(() => import('../../features/payments/admin-payments-page.tsx')) },
  { path: ADMIN_PATHS.uploads, title: 'nav:items.uploads', screen: lazyScreen(() => import('../../features/uploads/uploads-page.tsx')) },
  {
    path: ADMIN_PATHS.applications,
    title: 'nav:items.applications',
    screen: lazyScreen(() => import('../../features/applications-review/applications-review-page.tsx')),
  },
  { path: ADMIN_PATHS.activityLog, title: 'nav:items.activityLog', screen: lazyScreen(() => import('../../features/activity/activity-log-page.tsx')) },
  {
    path: ADMIN_PATHS.notifications,
    title: 'nav:items.notifications',
    screen: lazyScreen(() => import('../../features/notifications/admin-notifications-page.tsx')),
  },
  { path: ADMIN_PATHS.dashboard, title: 'nav:items.dashboard', screen: lazyScreen(() => import('../../features/dashboards/admin-dashboard-page.tsx')) },
  {
    path: ADMIN_PATHS.commissionSettings,
    title: 'nav:items.commissionSettings',
    screen: lazyScreen(() => import('../../features/settings/commission-settings-page.tsx')),
  },
  { path: ADMIN_PATHS.finance, title: 'nav:items.finance', screen: lazyScreen(() => import('../../features/earnings/finance-page.tsx')) },
  { path: ADMIN_PATHS.deductions, title: 'nav:items.deductions', screen: lazyScreen(() => import('../../features/deductions/admin-deductions-page.tsx')) },
  { path: ADMIN_PATHS.branding, title: 'nav:items.branding', screen: lazyScreen(() => import('../../features/settings/branding-page.tsx')) },
  { path: ADMIN_PATHS.security, title: 'nav:items.security', screen: lazyScreen(() => import('../../features/settings/security-page.tsx')) },
  { path: ADMIN_PATHS.signature, title: 'nav:items.signature', screen: lazyScreen(() => import('../../features/settings/signature-page.tsx')) },
  { path: ADMIN_PATHS.stamp, title: 'nav:items.stamp', screen: lazyScreen(() => import('../../features/settings/stamp-page.tsx')) },
  {
    path: ADMIN_PATHS.referralSettings,
    title: 'nav:items.referralSettings',
    screen: lazyScreen(() => import('../../features/settings/referral-settings-page.tsx')),
  },
  {
    path: ADMIN_PATHS.documentSettings,
    title: 'nav:items.documentSettings',
    screen: lazyScreen(() => import('../../features/settings/document-settings-page.tsx')),
  },
];
