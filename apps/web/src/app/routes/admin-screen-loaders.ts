/**
 * The code of every admin screen, one chunk each. This module is itself a chunk: the table of
 * screen chunks (and what each preloads) is downloaded on the first signed-in page, not by the
 * landing page.
 */
export const membersPage = () => import('../../features/members/members-page.tsx');
export const memberOverviewPage = () => import('../../features/members/member-overview-page.tsx');
export const creatorsPage = () => import('../../features/creators/creators-page.tsx');
export const memberProfilePage = () => import('../../features/members/member-profile-page.tsx');
export const creatorDetailsPage = () => import('../../features/creators/creator-details-page.tsx');
export const adminPaymentsPage = () => import('../../features/payments/admin-payments-page.tsx');
export const uploadsPage = () => import('../../features/uploads/uploads-page.tsx');
export const applicationsReviewPage = () => import('../../features/applications-review/applications-review-page.tsx');
export const activityLogPage = () => import('../../features/activity/activity-log-page.tsx');
export const dataExportPage = () => import('../../features/activity/data-export-page.tsx');
export const adminNotificationsPage = () => import('../../features/notifications/admin-notifications-page.tsx');
export const adminDashboardPage = () => import('../../features/dashboard/admin-dashboard-page.tsx');
export const commissionSettingsPage = () => import('../../features/settings/commission-settings-page.tsx');
export const financePage = () => import('../../features/earnings/finance-page.tsx');
export const adminDeductionsPage = () => import('../../features/deductions/admin-deductions-page.tsx');
export const brandingPage = () => import('../../features/settings/branding-page.tsx');
export const securityPage = () => import('../../features/settings/security-page.tsx');
export const signaturePage = () => import('../../features/settings/signature-page.tsx');
export const stampPage = () => import('../../features/settings/stamp-page.tsx');
export const referralSettingsPage = () => import('../../features/settings/referral-settings-page.tsx');
export const documentSettingsPage = () => import('../../features/settings/document-settings-page.tsx');
