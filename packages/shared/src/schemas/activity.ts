import { z } from 'zod';

/** A day (`2026-03-18`, the whole UTC day) or an instant with an offset (`2026-03-18T00:00:00+03:00`). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * `GET /api/admin/activity`: newest first. `from` is inclusive; `to` is exclusive for an instant and
 * includes the whole day for a date, so two date inputs mean "from day A through day B".
 */
export const activityListQuerySchema = z.strictObject({
  actorId: z.uuid().optional(),
  entityType: z.string().trim().min(1).max(50).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

export const activityActorSchema = z.object({ uid: z.string(), name: z.string() });
export type ActivityActor = z.infer<typeof activityActorSchema>;

/**
 * The record an entry is about, as people know it (resolved on the server when the page is read):
 * a member's or session owner's name, a creator's `@username`, a payment's or deduction's member
 * and amount, an upload's file name and month, a notification's title, an automatic run's month.
 */
const activityRecordSchema = z.object({
  /** Null for a record without a name (the agency settings) or one whose name was never logged. */
  name: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  /** `2026-11` for uploads and automatic runs. */
  period: z.string().nullable(),
  /** The record no longer exists (deleted); `name` then comes from what the entry logged. */
  removed: z.boolean(),
  /** For an account (`user`): `admin` or `user`, so an admin's own entries are not shown as a member's. */
  role: z.string().nullable(),
});
export type ActivityRecord = z.infer<typeof activityRecordSchema>;

/** One entry: who (null for the system or an erased member), when (UTC ISO), what, to which record. */
export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: activityActorSchema.nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The record by name (null when the entry names none). */
  record: activityRecordSchema.nullable(),
  /** Names of the members (`Ayşe Yılmaz`) and creators (`@ayse.live`) whose ids appear in `before`/`after`, by id. */
  names: z.record(z.string(), z.string()),
});
export type ActivityLogEntry = z.infer<typeof activityEntrySchema>;

/** `GET /api/admin/activity/actors?q=`: accounts that appear in the log, for the actor filter. */
export const activityActorQuerySchema = z.strictObject({ q: z.string().trim().max(100).optional() });

export interface ActivityFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function sameValue(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * The fields an entry changed, in a stable order: every key of `before` or `after` whose value
 * differs (a created record lists its fields with `before` undefined, a removed one the reverse).
 */
export function listChangedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): ActivityFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => !sameValue(change.before, change.after));
}

/**
 * Every action the activity log records: the server may write no other (`recordActivity` takes
 * this type), and the web app has a text for each one in every locale (activity:actions.<key>).
 */
export const ACTIVITY_ACTIONS = [
  'auth.login',
  'auth.register',
  'auth.password_reset',
  'auth.password_change',
  'application.submit',
  'application.approve',
  'application.reject',
  'admin.create',
  'member.create',
  'member.update',
  'member.delete',
  'member.disable',
  'member.referral_code_rotate',
  'member.bank.verify',
  'bank.update',
  'creator.create',
  'creator.update',
  'creator.delete',
  'creator.approve',
  'creator.reject',
  'creator.deactivate',
  'profile.update',
  'profile.avatar',
  'session.end',
  'settings.update',
  'settings.logo',
  'settings.stamp',
  'settings.signature',
  'settings.stamp.delete',
  'settings.signature.delete',
  'deduction.create',
  'deduction.delete',
  'payment.request',
  'payment.automatic',
  'payment.autoRun',
  'payment.approve',
  'payment.reject',
  'payment.paid',
  'payment.unpaid',
  'payment.cancel',
  'payment.registrationComplete',
  'payment.transferList',
  'invoice.custom',
  'invoice.default',
  'invoice.number',
  'notification.create',
  'upload.committed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The translation key of an action: flat, since `settings.stamp` and `settings.stamp.delete` both exist. */
export function activityActionKey(action: string): string {
  return action.replaceAll('.', '_');
}
