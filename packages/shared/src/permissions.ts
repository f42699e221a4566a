/**
 * One permission map for the whole product. The server enforces it on every route (and checks
 * ownership for `:own`); the web app uses it only to hide what a role may not do.
 */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const PERMISSIONS = {
  user: [
    'profile:read:own',
    'profile:update:own',
    'bank:update:own',
    'creators:read:own',
    'earnings:read:own',
    'payments:read:own',
    'payments:create:own',
    'payments:cancel:own',
    'invoices:manage:own',
    'deductions:read:own',
    'notifications:read:own',
    'sessions:manage:own',
  ],
  admin: [
    'profile:read:own',
    'profile:update:own',
    'sessions:manage:own',
    'sessions:manage:any',
    'applications:review:any',
    'members:read:any',
    'members:write:any',
    'bank:verify:any',
    'creators:read:any',
    'creators:write:any',
    'settings:read:any',
    'settings:write:any',
    'uploads:write:any',
    'dashboard:read:any',
    'finance:read:any',
    'payments:read:any',
    'payments:review:any',
    'payments:run:any',
    'invoices:read:any',
    'deductions:read:any',
    'deductions:write:any',
    'notifications:write:any',
    'activity:read:any',
    'exports:read:any',
  ],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof PERMISSIONS)[Role][number];

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[role] as readonly string[]).includes(permission);
}

/** Where each role lands after sign-in (docs/product.md §19). */
export const LANDING_PATH: Record<Role, string> = {
  user: '/app/setting/publisher',
  admin: '/app/mydesk/users',
};
