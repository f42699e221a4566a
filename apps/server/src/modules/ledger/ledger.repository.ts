import type { LedgerKind, PaymentStatus } from '@agency/shared';
import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberMonths } from '../../db/tables/earnings.table.ts';
import { ledgerEntries, payments } from '../../db/tables/payments.table.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { ledgerBalanceOf, REVERSED_PAYMENT_STATUSES, unpostedMonthsOf, type LedgerBalance, type UnpostedMonth } from './ledger.rules.ts';

/**
 * The member ledger (docs/product.md §9): signed, immutable entries. Earnings of an ended month are
 * posted lazily, inside the transactions that need the balance (a request, the automatic run),
 * under a per-member lock; reads add the not-yet-posted ended months without writing anything.
 */

export interface LedgerInsert {
  memberId: string;
  kind: LedgerKind;
  amountCents: number;
  period?: string | null;
  paymentId?: string | null;
  deductionId?: string | null;
  createdBy?: string | null;
  at: Date;
}

/**
 * One insert for any number of entries: each column goes as one array parameter and `unnest`
 * turns them back into rows (the same on PGlite and PostgreSQL; a VALUES list of thousands of
 * parameters measured several times slower to send and parse).
 */
export async function insertLedgerEntries(db: Executor, entries: readonly LedgerInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(sql`
    insert into ${ledgerEntries} (member_id, kind, amount_cents, period, payment_id, deduction_id, created_by, created_at)
    select * from unnest(
      ${sql.param(entries.map((entry) => entry.memberId))}::uuid[],
      ${sql.param(entries.map((entry) => entry.kind))}::text[],
      ${sql.param(entries.map((entry) => entry.amountCents))}::bigint[],
      ${sql.param(entries.map((entry) => entry.period ?? null))}::text[],
      ${sql.param(entries.map((entry) => entry.paymentId ?? null))}::uuid[],
      ${sql.param(entries.map((entry) => entry.deductionId ?? null))}::uuid[],
      ${sql.param(entries.map((entry) => entry.createdBy ?? null))}::uuid[],
      ${sql.param(entries.map((entry) => entry.at.toISOString()))}::timestamptz[]
    )
  `);
}

/** Ended months (before `currentPeriod`) whose member_months figure differs from what the ledger holds. */
async function findUnpostedMonths(db: Executor, memberId: string, currentPeriod: string): Promise<UnpostedMonth[]> {
  // One after the other: called inside the member's ledger transaction (one connection).
  const computed = await db
    .select({ period: memberMonths.period, cents: memberMonths.earningsCents })
    .from(memberMonths)
    .where(and(eq(memberMonths.memberId, memberId), lt(memberMonths.period, currentPeriod)));
  const posted = await db
    .select({
      period: ledgerEntries.period,
      cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number),
      earningsEntries: sql<number>`count(*) filter (where ${ledgerEntries.kind} = 'earnings')`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), inArray(ledgerEntries.kind, ['earnings', 'earningsAdjustment'])))
    .groupBy(ledgerEntries.period);
  return unpostedMonthsOf(
    computed.map((row) => ({ period: row.period, cents: Number(row.cents) })),
    posted,
    currentPeriod,
  );
}

/** Posts the ended months' earnings (and corrections). Call under `lockMemberLedger`. */
export async function postEndedMonths(db: Executor, memberId: string, currentPeriod: string, at: Date): Promise<number> {
  const unposted = await findUnpostedMonths(db, memberId, currentPeriod);
  await insertLedgerEntries(
    db,
    unposted.map((month) => ({
      memberId,
      kind: month.hasEarningsEntry ? ('earningsAdjustment' as const) : ('earnings' as const),
      amountCents: month.deltaCents,
      period: month.period,
      at,
    })),
  );
  return unposted.length;
}

/** A member's ledger after `postEndedMonthsMany`: what `sumLedger` and `listPostedEarnings` would read. */
export interface PostedLedger {
  availableCents: number;
  /** Posted earnings per month (earnings + adjustments), oldest first. */
  months: { period: string; cents: number }[];
}

/**
 * `postEndedMonths` then `sumLedger` and `listPostedEarnings` for many members, in two reads and
 * one insert: the ledger is read once per member and month, the missing postings are inserted,
 * and the balances after them are computed from what was read plus what was inserted. Call under
 * `lockMemberLedgers` (nothing else writes these members' ledgers meanwhile).
 */
export async function postEndedMonthsMany(db: Executor, memberIds: readonly string[], currentPeriod: string, at: Date): Promise<Map<string, PostedLedger>> {
  const state = new Map<string, { totalCents: number; computed: Map<string, number>; posted: Map<string, { cents: number; earningsEntries: number }> }>();
  for (const id of memberIds) state.set(id, { totalCents: 0, computed: new Map(), posted: new Map() });
  if (memberIds.length === 0) return new Map();
  const ids = sql.param([...memberIds]);
  const computed = rowsOf<{ member_id: string; period: string; cents: string | number }>(
    await db.execute(sql`select member_id, period, earnings_cents as cents from ${memberMonths} where member_id = any(${ids}::uuid[]) and period < ${currentPeriod}`),
  );
  type LedgerGroup = { member_id: string; period: string | null; total: string | number; earnings: string | number; earnings_kinds: string | number; earnings_entries: string | number };
  const ledger = rowsOf<LedgerGroup>(
    await db.execute(sql`
    select member_id, period,
      sum(amount_cents) as total,
      coalesce(sum(amount_cents) filter (where kind in ('earnings', 'earningsAdjustment')), 0) as earnings,
      count(*) filter (where kind in ('earnings', 'earningsAdjustment')) as earnings_kinds,
      count(*) filter (where kind = 'earnings') as earnings_entries
    from ${ledgerEntries} where member_id = any(${ids}::uuid[])
    group by member_id, period`),
  );
  for (const row of computed) state.get(row.member_id)?.computed.set(row.period, Number(row.cents));
  for (const row of ledger) {
    const member = state.get(row.member_id);
    if (!member) continue;
    member.totalCents += Number(row.total);
    if (Number(row.earnings_kinds) > 0) member.posted.set(row.period ?? '', { cents: Number(row.earnings), earningsEntries: Number(row.earnings_entries) });
  }
  const entries: LedgerInsert[] = [];
  const result = new Map<string, PostedLedger>();
  for (const [memberId, member] of state) {
    let availableCents = member.totalCents;
    const months = new Map([...member.posted].map(([period, posted]) => [period, posted.cents]));
    const periods = [...new Set([...member.computed.keys(), ...member.posted.keys()])].filter((period) => period !== '' && period < currentPeriod).sort();
    for (const period of periods) {
      const posted = member.posted.get(period);
      const deltaCents = (member.computed.get(period) ?? 0) - (posted?.cents ?? 0);
      if (deltaCents === 0) continue;
      entries.push({ memberId, kind: (posted?.earningsEntries ?? 0) > 0 ? 'earningsAdjustment' : 'earnings', amountCents: deltaCents, period, at });
      availableCents += deltaCents;
      months.set(period, (months.get(period) ?? 0) + deltaCents);
    }
    // listPostedEarnings' order: by period, a missing period (never for earnings) last.
    const ordered = [...months].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a < b ? -1 : a > b ? 1 : 0));
    result.set(memberId, { availableCents, months: ordered.map(([period, cents]) => ({ period, cents })) });
  }
  await insertLedgerEntries(db, entries);
  return result;
}

export async function sumLedger(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.memberId, memberId));
  return row?.value ?? 0;
}

/** Posted earnings per ended month (earnings + adjustments), oldest first. */
export async function listPostedEarnings(db: Executor, memberId: string): Promise<{ period: string; cents: number }[]> {
  const rows = await db
    .select({ period: ledgerEntries.period, cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), inArray(ledgerEntries.kind, ['earnings', 'earningsAdjustment'])))
    .groupBy(ledgerEntries.period)
    .orderBy(ledgerEntries.period);
  return rows.map((row) => ({ period: row.period ?? '', cents: row.cents }));
}

/** Gross of the payments that still cover earnings (every status but Rejected and Unpaid). */
export async function sumCoveredGross(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${payments.grossCents}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), notInArray(payments.status, [...REVERSED_PAYMENT_STATUSES])));
  return row?.value ?? 0;
}

async function latestPaymentStatus(db: Executor, memberId: string): Promise<PaymentStatus | null> {
  const [row] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.memberId, memberId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row?.status ?? null;
}

/** The balance at `currentPeriod` without writing (the not-yet-posted months are added in memory). */
export async function readLedgerBalance(db: Executor, memberId: string, currentPeriod: string): Promise<LedgerBalance> {
  const [ledgerCents, unposted, postedEarnings, coveredCents, latest] = await Promise.all([
    sumLedger(db, memberId),
    findUnpostedMonths(db, memberId, currentPeriod),
    listPostedEarnings(db, memberId),
    sumCoveredGross(db, memberId),
    latestPaymentStatus(db, memberId),
  ]);
  return ledgerBalanceOf({ ledgerCents, unposted, postedCents: postedEarnings.reduce((sum, month) => sum + month.cents, 0), coveredCents, latestPaymentStatus: latest });
}
