import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/tables/auth.table.ts';
import { creators } from '../../db/tables/creators.table.ts';
import { uploads } from '../../db/tables/earnings.table.ts';
import { users } from '../../db/tables/members.table.ts';
import { notifications } from '../../db/tables/notifications.table.ts';
import { deductions } from '../../db/tables/deductions.table.ts';
import { payments, payoutRuns } from '../../db/tables/payments.table.ts';

/**
 * The names behind the ids of one page of the activity log: the records the entries are about and
 * the members and creators named in their before/after. One query per kind of record on the page,
 * each a primary-key lookup of at most a page's ids, so a page costs the same however long the log.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids looked up in the values of one page (a page is at most 100 entries). */
const MAX_VALUE_IDS = 500;

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** What a record is called and, for money and months, its amount and month. */
interface RecordFacts {
  name: string | null;
  amountCents: number | null;
  period: string | null;
  role: string | null;
}

interface PersonRow {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

/** `Ayşe Yılmaz`, or the e-mail or phone of an account without a name. */
export function personName(row: PersonRow): string {
  const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return name || row.email || row.phone || '';
}

export interface ReferenceRequest {
  entityType: string | null;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface ResolvedReferences {
  /** By `<entityType>:<entityId>`; absent when the record no longer exists. */
  records: Map<string, RecordFacts>;
  /** Member and creator names by id, for the ids inside the values. */
  names: Map<string, string>;
}

/** Every uuid in a logged value (nested objects and arrays too), at most `limit` of them. */
function collectIds(value: unknown, into: Set<string>, limit: number, depth = 0): void {
  if (into.size >= limit || depth > 4) return;
  if (isUuid(value)) into.add(value.toLowerCase());
  else if (Array.isArray(value)) for (const item of value) collectIds(item, into, limit, depth + 1);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectIds(item, into, limit, depth + 1);
}

const personColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone };
const person = { id: users.id, role: users.role, ...personColumns };

export async function resolveActivityReferences(db: Executor, entries: readonly ReferenceRequest[]): Promise<ResolvedReferences> {
  const idsOf = (type: string) => [...new Set(entries.filter((entry) => entry.entityType === type && isUuid(entry.entityId)).map((entry) => entry.entityId!.toLowerCase()))];
  const valueIds = new Set<string>();
  for (const entry of entries) {
    collectIds(entry.before, valueIds, MAX_VALUE_IDS);
    collectIds(entry.after, valueIds, MAX_VALUE_IDS);
  }
  const userIds = [...new Set([...idsOf('user'), ...valueIds])];
  const creatorIds = [...new Set([...idsOf('creator'), ...valueIds])];
  const paymentIds = idsOf('payment');
  const deductionIds = idsOf('deduction');
  const uploadIds = idsOf('upload');
  const notificationIds = idsOf('notification');
  const runIds = idsOf('payoutRun');
  const sessionIds = idsOf('session');

  // One after the other: the executor may be a transaction (one connection, one query at a time).
  const userRows = userIds.length ? await db.select(person).from(users).where(inArray(users.id, userIds)) : [];
  const creatorRows = creatorIds.length
    ? await db.select({ id: creators.id, tiktokUsername: creators.tiktokUsername }).from(creators).where(inArray(creators.id, creatorIds))
    : [];
  const paymentRows = paymentIds.length
    ? await db
        .select({ id: payments.id, amountCents: payments.amountCents, ...personColumns })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.memberId))
        .where(inArray(payments.id, paymentIds))
    : [];
  const deductionRows = deductionIds.length
    ? await db
        .select({ id: deductions.id, amountCents: deductions.amountCents, ...personColumns })
        .from(deductions)
        .innerJoin(users, eq(users.id, deductions.memberId))
        .where(inArray(deductions.id, deductionIds))
    : [];
  const uploadRows = uploadIds.length ? await db.select({ id: uploads.id, fileName: uploads.fileName, period: uploads.period }).from(uploads).where(inArray(uploads.id, uploadIds)) : [];
  const notificationRows = notificationIds.length
    ? await db.select({ id: notifications.id, title: notifications.title }).from(notifications).where(inArray(notifications.id, notificationIds))
    : [];
  const runRows = runIds.length ? await db.select({ id: payoutRuns.id, period: payoutRuns.period }).from(payoutRuns).where(inArray(payoutRuns.id, runIds)) : [];
  const sessionRows = sessionIds.length
    ? await db
        .select({ id: sessions.id, ...personColumns })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(inArray(sessions.id, sessionIds))
    : [];

  const records = new Map<string, RecordFacts>();
  const put = (type: string, id: string, facts: Partial<RecordFacts>) => records.set(`${type}:${id}`, { name: null, amountCents: null, period: null, role: null, ...facts });
  for (const row of userRows) put('user', row.id, { name: personName(row), role: row.role });
  for (const row of creatorRows) put('creator', row.id, { name: `@${row.tiktokUsername}` });
  for (const row of paymentRows) put('payment', row.id, { name: personName(row), amountCents: Number(row.amountCents) });
  for (const row of deductionRows) put('deduction', row.id, { name: personName(row), amountCents: Number(row.amountCents) });
  for (const row of uploadRows) put('upload', row.id, { name: row.fileName, period: row.period });
  for (const row of notificationRows) put('notification', row.id, { name: row.title });
  for (const row of runRows) put('payoutRun', row.id, { period: row.period });
  for (const row of sessionRows) put('session', row.id, { name: personName(row) });

  const names = new Map<string, string>();
  for (const row of userRows) if (valueIds.has(row.id)) names.set(row.id, personName(row));
  for (const row of creatorRows) if (valueIds.has(row.id)) names.set(row.id, `@${row.tiktokUsername}`);
  return { records, names };
}
