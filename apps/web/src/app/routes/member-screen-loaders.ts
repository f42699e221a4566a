/**
 * The code of every member screen, one chunk each. This module is itself a chunk: the table of
 * screen chunks (and what each preloads) is downloaded on the first signed-in page, not by the
 * landing page.
 */
export const publisherHomePage = () => import('../../features/publisher/publisher-home-page.tsx');
export const memberEarningsPage = () => import('../../features/earnings/member-earnings-page.tsx');
export const statisticsPage = () => import('../../features/statistics/statistics-page.tsx');
export const memberPaymentsPage = () => import('../../features/payments/member-payments-page.tsx');
export const documentsPage = () => import('../../features/documents/documents-page.tsx');
export const memberDeductionsPage = () => import('../../features/deductions/member-deductions-page.tsx');
export const myInformationPage = () => import('../../features/profile/my-information-page.tsx');
export const profilePage = () => import('../../features/profile/profile-page.tsx');
export const memberNotificationsPage = () => import('../../features/notifications/member-notifications-page.tsx');
export const securityPage = () => import('../../features/settings/security-page.tsx');
export const memberDashboardPage = () => import('../../features/dashboard/member-dashboard-page.tsx');
