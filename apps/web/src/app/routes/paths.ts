import type { Role } from '@agency/shared';

/**
 * Every path of docs/product.md §19, spelled as the customer spells them (matching is
 * case-insensitive, as in react-router). No React here: the navigation rules and their tests use it.
 */
export const PUBLIC_PATHS = {
  landing: '/',
  apply: '/kayit',
  signIn: '/app/sessions/signIn',
  signUp: '/app/sessions/signUp',
  forgot: '/app/sessions/forgot',
  reset: '/app/sessions/reset',
  verification: '/app/sessions/verification',
} as const;

export const MEMBER_PATHS = {
  home: '/app/setting/publisher',
  earnings: '/app/setting/earnings',
  statistics: '/app/setting/statistics',
  payments: '/app/setting/payment',
  documents: '/app/setting/documents',
  deductions: '/app/setting/deductions',
  myInformation: '/app/setting/myinformation',
  profile: '/app/profiledata/profile',
  notifications: '/app/mydesk/notification',
  dashboard: '/app/dashboards/userDashboard',
  // Added to the customer's paths: a member changes (or sets a first) password and ends own
  // sessions on the admin's security screen's path, as earnings and notifications share theirs.
  security: '/app/accounts/security',
} as const;

export const ADMIN_PATHS = {
  members: '/app/mydesk/users',
  memberOverview: '/app/mydesk/memberPage',
  creators: '/app/mydesk/creatorPage',
  memberProfile: '/app/mydesk/usersProfile',
  creatorDetails: '/app/mydesk/details',
  payments: '/app/mydesk/transaction',
  uploads: '/app/mydesk/uploadFile',
  applications: '/app/mydesk/admin',
  activityLog: '/app/mydesk/activitylogs',
  notifications: '/app/mydesk/notification',
  dashboard: '/app/dashboards/adminDashboard',
  commissionSettings: '/app/setting/Setting',
  finance: '/app/setting/earnings',
  // Added to the customer's paths: the admin's deductions screen shares the member's path, as
  // earnings and notifications do (Deductions sits in the admin's Money group).
  deductions: '/app/setting/deductions',
  branding: '/app/accounts/branding',
  security: '/app/accounts/security',
  signature: '/app/accounts/eSignature',
  stamp: '/app/accounts/stamp',
  referralSettings: '/app/accounts/inviteConfigurations',
  documentSettings: '/app/accounts/documentConfigurations',
  // Added to the customer's paths: the database download (export.xlsx, backup) under Agency, where admins look for it.
  dataExport: '/app/accounts/dataExport',
} as const;

/** Where `/app/sessions` and the template's own pages under it go (not product). */
export const SESSIONS_ROOT = '/app/sessions';

/** The customer's template demo pages (docs/product.md §19): they lead to the signed-in person's landing page. */
export const DEMO_PATHS = [
  '/allCar',
  '/footerPage',
  '/vertical-sidebar',
  '/app/mydesk/mydesk',
  '/app/mydesk/foodOrderHistory',
  '/app/mydesk/cars',
  '/app/mydesk/editCars',
  '/app/mydesk/addCars',
  '/app/mydesk/editTypeValue',
  '/app/mydesk/addTypeValue',
  '/app/mydesk/addBackEndData',
  '/app/setting/api',
  '/app/setting/esignature',
  '/app/setting/settingRoute',
  '/app/setting/home',
  '/app/setting/homepage',
  '/app/homes/home.v1',
  '/app/homes/home.v2',
  '/app/dashboards/dashboard.v1',
  '/app/dashboards/dashboard.v2',
  '/app/dashboards/dashboard.v3',
  '/app/dashboards/dashboard.v4',
  '/app/sessions/home',
  '/app/sessions/DocumentSignIn',
  '/app/sessions/searchCar',
  '/app/sessions/bookCars',
  '/app/sessions/walletoffers',
] as const;

/** Template demo sections: every path under them is a demo page. */
export const DEMO_SECTIONS = [
  '/app/ui-kits',
  '/app/extraKits',
  '/app/apps',
  '/app/forms',
  '/app/datatables',
  '/app/widgets',
  '/app/pages',
  '/app/charts',
] as const;

/** Layout paths of the template with no page of their own: they lead to the landing page too. */
export const SECTION_ROOTS = ['/app', '/app/mydesk', '/app/accounts', '/app/profiledata', '/app/setting', '/app/homes', '/app/dashboards'] as const;

/** Which roles may open each signed-in path (lower case). */
export function appPathRoles(): Map<string, Set<Role>> {
  const roles = new Map<string, Set<Role>>();
  const add = (path: string, role: Role) => {
    const key = path.toLowerCase();
    const set = roles.get(key) ?? new Set<Role>();
    set.add(role);
    roles.set(key, set);
  };
  Object.values(MEMBER_PATHS).forEach((path) => add(path, 'user'));
  Object.values(ADMIN_PATHS).forEach((path) => add(path, 'admin'));
  return roles;
}
