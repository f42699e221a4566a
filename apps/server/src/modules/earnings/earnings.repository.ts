import { and, asc, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '../../db/client.ts';
import { MAX_ON_THE_WAY, OPEN_PAYMENT_STATUSES, type CommissionTier, type OnTheWayPayment, type PaymentKind, type PaymentStatus } from '@agency/shared';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import { users } from '../../db/tables/members.table.ts';
import type { PostedMonth } from '../ledger/index.ts';
import { REVERSED_PAYMENT_STATUSES } from '../ledger/index.ts';
import { ledgerEntries, payments } from '../../db/tables/payments.table.ts';
import { settings } from '../../db/tables/settings.table.ts';
import { memberMonths, uploads, type MemberMonthRow } from '../../db/tables/earnings.table.ts';

/**
 * What a member sees of their figures. Every query is bound to one member id (the signed-in
 * user's, passed by the service), never to an id from the request.
 */

export interface PeriodBounds {
  /** Inclusive; null = from the first month. */
  from: string | null;
  /** Inclusive. */
  to: string;
}

function periodWhere(column: typeof memberMonths.period | typeof creatorMonths.period, range: PeriodBounds): SQL[] {
  const conditions: SQL[] = [lte(column, range.to)];
  if (range.from !== null) conditions.push(gte(column, range.from));
  return conditions;
}

/** The member's commission months in the range, oldest first. */
export async function listMemberMonths(db: Executor, memberId: string, range: PeriodBounds): Promise<MemberMonthRow[]> {
  return db
    .select()
    .from(memberMonths)
    .where(and(eq(memberMonths.memberId, memberId), ...periodWhere(memberMonths.period, range)))
    .orderBy(asc(memberMonths.period));
}

export interface OwnMonthTotals {
  period: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  creatorCount: number;
}

/** Sums, per month, of the creator accounts the member signs in for (owner), oldest first. */
export async function listOwnCreatorMonths(db: Executor, memberId: string, range: PeriodBounds): Promise<OwnMonthTotals[]> {
  const rows = await db
    .select({
      period: creatorMonths.period,
      diamonds: sql<number>`coalesce(sum(${creatorMonths.diamonds}), 0)`.mapWith(Number),
      validDays: sql<number>`coalesce(sum(${creatorMonths.validDays}), 0)`.mapWith(Number),
      liveSeconds: sql<number>`coalesce(sum(${creatorMonths.liveSeconds}), 0)`.mapWith(Number),
      creatorCount: count(),
    })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(and(eq(creators.ownerId, memberId), ...periodWhere(creatorMonths.period, range)))
    .groupBy(creatorMonths.period)
    .orderBy(asc(creatorMonths.period));
  return rows.map((row) => ({ ...row, creatorCount: Number(row.creatorCount) }));
}

/** Everything the member summary (`GET /api/me/summary`) reads, as one statement returns it. */
export interface SummaryFigures {
  /** False when the member does not exist. */
  userFound: boolean;
  commissionRateBps: number | null;
  /** Null when the settings row was never created (the caller creates it). */
  settings: { payoutTimeZone: string | null; commissionTiers: CommissionTier[] } | null;
  month: { diamonds: number; earningsCents: number; rateBps: number; personalRate: boolean; creatorCount: number } | null;
  /** Sums over the creator accounts the member owns, in `period` (zeros when none has figures). */
  own: { diamonds: number; validDays: number; liveSeconds: number; creatorCount: number };
  /** Requirement states of the owned accounts in `period` (null: not computed). */
  ownStates: (string | null)[];
  atRiskCount: number;
  /** Every member_months earnings figure of the member (the caller keeps the ended months). */
  computedMonths: { period: string; cents: number }[];
  /** Posted earnings per month (earnings + adjustments). */
  postedMonths: PostedMonth[];
  ledgerCents: number;
  coveredCents: number;
  latestPaymentStatus: PaymentStatus | null;
  /** As-of date (YYYY-MM-DD) of the latest upload of `period`. */
  asOfDate: string | null;
  /** Open payments, newest first (at most MAX_ON_THE_WAY). */
  onTheWay: OnTheWayPayment[];
}

type Json<T> = T | string | null;

function parseJson<T>(value: Json<T>, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * The member summary's figures in ONE statement (one round trip instead of fourteen): the member's
 * rate, the settings, the month's commission row, the owned accounts' sums and states, the
 * brought creators at risk, and the ledger parts of the balance (the same reads as
 * `readLedgerBalance`), as a named prepared statement (planned once per connection). Every
 * subquery is bound to `memberId` and uses an index. Numbers are
 * converted here: pg returns bigint and numeric as strings, PGlite as numbers.
 */
export async function readSummaryFigures(db: Executor, memberId: string, period: string): Promise<SummaryFigures> {
  const reversed = sql.join(
    REVERSED_PAYMENT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const open = sql.join(
    OPEN_PAYMENT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await executePrepared<Record<string, unknown>>(db, 'member_summary_v2', sql`
    select
      exists (select 1 from ${users} where id = ${memberId}) as user_found,
      (select commission_rate_bps from ${users} where id = ${memberId}) as commission_rate_bps,
      (select json_build_object('payoutTimeZone', payout_time_zone, 'commissionTiers', commission_tiers) from ${settings} where id = 1) as settings,
      (select json_build_object('diamonds', diamonds, 'earningsCents', earnings_cents, 'rateBps', rate_bps, 'personalRate', personal_rate, 'creatorCount', creator_count)
         from ${memberMonths} where member_id = ${memberId} and period = ${period}) as month,
      (select json_build_object(
                'diamonds', coalesce(sum(cm.diamonds), 0), 'validDays', coalesce(sum(cm.valid_days), 0),
                'liveSeconds', coalesce(sum(cm.live_seconds), 0), 'creatorCount', count(*),
                'states', coalesce(json_agg(cm.requirement_state), '[]'::json))
         from ${creatorMonths} cm join ${creators} c on c.id = cm.creator_id
         where c.owner_id = ${memberId} and cm.period = ${period}) as own,
      (select count(*) from ${creatorMonths} cm join ${creators} c on c.id = cm.creator_id
         where c.affiliate_id = ${memberId} and cm.period = ${period} and cm.requirement_state in ('atRisk', 'failing')) as at_risk_count,
      (select coalesce(json_agg(json_build_object('period', period, 'cents', earnings_cents)), '[]'::json)
         from ${memberMonths} where member_id = ${memberId}) as computed_months,
      (select coalesce(json_agg(json_build_object('period', period, 'cents', cents, 'earningsEntries', earnings_entries)), '[]'::json)
         from (select period, sum(amount_cents) as cents, count(*) filter (where kind = 'earnings') as earnings_entries
               from ${ledgerEntries} where member_id = ${memberId} and kind in ('earnings', 'earningsAdjustment') group by period) posted) as posted_months,
      (select coalesce(sum(amount_cents), 0) from ${ledgerEntries} where member_id = ${memberId}) as ledger_cents,
      (select coalesce(sum(gross_cents), 0) from ${payments} where member_id = ${memberId} and status not in (${reversed})) as covered_cents,
      (select status from ${payments} where member_id = ${memberId} order by created_at desc, id desc limit 1) as latest_payment_status,
      (select as_of::text from ${uploads} where period = ${period} order by created_at desc limit 1) as as_of_date,
      (select coalesce(json_agg(json_build_object('id', id, 'amountCents', amount_cents, 'status', status, 'kind', kind, 'createdAt', created_at)
                                order by created_at desc, id desc), '[]'::json)
         from (select id, amount_cents, status, kind, created_at from ${payments}
               where member_id = ${memberId} and status in (${open})
               order by created_at desc, id desc limit ${MAX_ON_THE_WAY}) open_payments) as on_the_way
  `);
  if (!row) throw new Error('the summary statement returned no row');
  type NumberJson = number | string;
  const own = parseJson<{ diamonds: NumberJson; validDays: NumberJson; liveSeconds: NumberJson; creatorCount: NumberJson; states: (string | null)[] }>(
    row.own as Json<never>,
    { diamonds: 0, validDays: 0, liveSeconds: 0, creatorCount: 0, states: [] },
  );
  const month = parseJson<{ diamonds: NumberJson; earningsCents: NumberJson; rateBps: number; personalRate: boolean; creatorCount: number } | null>(
    row.month as Json<never>,
    null,
  );
  const settingsRow = parseJson<{ payoutTimeZone: string | null; commissionTiers: Json<CommissionTier[]> } | null>(row.settings as Json<never>, null);
  return {
    userFound: row.user_found === true || row.user_found === 't',
    commissionRateBps: row.commission_rate_bps === null || row.commission_rate_bps === undefined ? null : Number(row.commission_rate_bps),
    settings: settingsRow && { payoutTimeZone: settingsRow.payoutTimeZone, commissionTiers: parseJson<CommissionTier[]>(settingsRow.commissionTiers, []) },
    month: month && {
      diamonds: Number(month.diamonds),
      earningsCents: Number(month.earningsCents),
      rateBps: Number(month.rateBps),
      personalRate: month.personalRate,
      creatorCount: Number(month.creatorCount),
    },
    own: { diamonds: Number(own.diamonds), validDays: Number(own.validDays), liveSeconds: Number(own.liveSeconds), creatorCount: Number(own.creatorCount) },
    ownStates: own.states,
    atRiskCount: Number(row.at_risk_count),
    computedMonths: parseJson<{ period: string; cents: NumberJson }[]>(row.computed_months as Json<never>, []).map((entry) => ({ period: entry.period, cents: Number(entry.cents) })),
    postedMonths: parseJson<{ period: string | null; cents: NumberJson; earningsEntries: NumberJson }[]>(row.posted_months as Json<never>, []).map((entry) => ({
      period: entry.period,
      cents: Number(entry.cents),
      earningsEntries: Number(entry.earningsEntries),
    })),
    ledgerCents: Number(row.ledger_cents),
    coveredCents: Number(row.covered_cents),
    latestPaymentStatus: (row.latest_payment_status as PaymentStatus | null) ?? null,
    asOfDate: (row.as_of_date as string | null) ?? null,
    onTheWay: parseJson<{ id: string; amountCents: NumberJson; status: OnTheWayPayment['status']; kind: PaymentKind; createdAt: string }[]>(
      row.on_the_way as Json<never>,
      [],
    ).map((payment) => ({
      id: payment.id,
      amountCents: Number(payment.amountCents),
      status: payment.status,
      kind: payment.kind,
      // json_build_object writes timestamptz as `2026-03-15T00:05:00+00:00`: the API writes ISO in UTC.
      createdAt: new Date(payment.createdAt).toISOString(),
    })),
  };
}
