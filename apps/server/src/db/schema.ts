/** The schema index: every module's tables, for drizzle-kit and for the typed database. */
export * from '../modules/members/members.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/creators/creators.table.ts';
export * from '../modules/settings/settings.table.ts';
export * from '../modules/messaging/messaging.table.ts';
export * from '../modules/activity/activity.table.ts';
export * from '../modules/earnings/earnings.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/payments/payments.table.ts';
export * from '../modules/deductions/deductions.table.ts';
export * from '../plugins/rate-limit.table.ts';
