/** The database's tables (db/tables/): one schema for drizzle-kit, for the typed database and for the repositories. */
export * from './tables/members.table.ts';
export * from './tables/auth.table.ts';
export * from './tables/creators.table.ts';
export * from './tables/settings.table.ts';
export * from './tables/messaging.table.ts';
export * from './tables/activity.table.ts';
export * from './tables/earnings.table.ts';
export * from './tables/notifications.table.ts';
export * from './tables/payments.table.ts';
export * from './tables/deductions.table.ts';
export * from './tables/rate-limit.table.ts';
export * from './tables/forecasts.table.ts';
