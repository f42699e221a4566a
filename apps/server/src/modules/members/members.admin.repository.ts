import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MemberAdminListQuery, MemberSortField } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { foldedColumnContains, foldedContains, phoneContains } from '../../db/search.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import { deductions } from '../../db/tables/deductions.table.ts';
import { memberMonths } from '../../db/tables/earnings.table.ts';
import { ledgerEntries, payments } from '../../db/tables/payments.table.ts';
import { bankDetails, users, type BankDetailsRow, type UserRow } from '../../db/tables/members.table.ts';

interface MemberRefRow {
  id: string;
  firstName: string;
  lastName: string;
}

export interface MemberListRow {
  user: UserRow;
  bankVerified: boolean;
  tiktokUsernames: string[];
  creatorCount: number;
  referrer: MemberRefRow | null;
  /** This month's member_months figures, 0 without a row. */
  diamonds: number;
  earningsCents: number;
}

const referrers = alias(users, 'referrers');

// Correlated sub-queries: cheap per row thanks to creators_owner_idx / creators_affiliate_idx.
const ownedUsernames = sql<string[]>`coalesce((select array_agg(c.tiktok_username order by c.created_at, c.id) from creators c where c.owner_id = ${users.id}), '{}'::text[])`;
const affiliatedCreatorCount = sql<number>`(select count(*)::int from creators c where c.affiliate_id = ${users.id})`;
const bankIsVerified = sql<boolean>`exists (select 1 from bank_details b where b.user_id = ${users.id} and b.verified_at is not null)`;

// This month's commission row (member_months_member_period_unique serves the join).
const monthJoin = (period: string) => and(eq(memberMonths.memberId, users.id), eq(memberMonths.period, period));
const monthDiamonds = sql<number>`coalesce(${memberMonths.diamonds}, 0)`;
const monthEarnings = sql<number>`coalesce(${memberMonths.earningsCents}, 0)`;

const SORT_COLUMNS: Record<MemberSortField, SQL | AnyPgColumn> = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  status: users.status,
  joinedAt: users.joinedAt,
  creatorCount: affiliatedCreatorCount,
  commissionRateBps: users.commissionRateBps,
  diamonds: monthDiamonds,
  earningsCents: monthEarnings,
};

/** Searched as search_fold(memberSearchText): must stay identical to the expression of users_search_fold_trgm_idx (migration 0015). */
const memberSearchText = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.email}, '') || ' ' || coalesce(${users.phone}, '') || ' ' || ${users.referralCode})`;

const NULLABLE_SORTS = new Set<string>(['email', 'phone', 'commissionRateBps']);

function memberListWhere(query: MemberAdminListQuery): SQL | undefined {
  const conditions: SQL[] = [eq(users.role, 'user')];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.bankStatus === 'Verified') conditions.push(bankIsVerified);
  if (query.bankStatus === 'Not Verified') conditions.push(sql`not ${bankIsVerified}`);
  if (query.q) {
    // One text per member (served by the trigram index users_search_fold_trgm_idx where pg_trgm
    // exists), the phone, or one of the TikTok usernames of the creators they own or brought; text
    // and usernames folded by the Turkish and Azerbaijani i rules (db/search.ts).
    const username = foldedColumnContains(sql`c.tiktok_username`, query.q);
    const byUsername = sql`select c.owner_id from creators c where ${username} and c.owner_id is not null union select c.affiliate_id from creators c where ${username} and c.affiliate_id is not null`;
    const text = foldedContains(memberSearchText, query.q);
    const phone = phoneContains(users.phone, query.q);
    conditions.push(
      // A search of three characters or more, which the trigram indexes serve: one set of ids, each
      // part found through its index. As one OR, PostgreSQL cannot combine the usernames' part with
      // the indexes and folds every member's text for each count and each page (~12 ms each at
      // 5,000 members; `npm run bench:lists`: the two member searches 26-28 ms -> 4 ms). Shorter
      // searches have no trigram and match most members by their text: the OR, which tests the text
      // first and reads the creators only for members it did not match, stays faster there (one
      // letter: 15 ms against 60 ms). The inner `users` is the subquery's own (a qualified name
      // refers to the nearest FROM item of that name).
      query.q.trim().length >= 3
        ? sql`${users.id} in (select ${users.id} from ${users} where ${text} union select ${users.id} from ${users} where ${phone} union ${byUsername})`
        : sql`(${text} or ${phone} or ${users.id} in (${byUsername}))`,
    );
  }
  return and(...conditions);
}

/** Members (role `user`) page by page with the figures of `period`: searched, filtered and sorted in the database. */
export async function listMemberAdminRows(
  db: Executor,
  query: MemberAdminListQuery,
  period: string,
): Promise<{ rows: MemberListRow[]; total: number }> {
  const where = memberListWhere(query);
  const sort = query.sort ?? '-joinedAt';
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[(descending ? sort.slice(1) : sort) as MemberSortField];
  // Nullable columns put empty values last; NOT NULL ones sort plainly so that their indexes serve.
  const nullable = NULLABLE_SORTS.has(descending ? sort.slice(1) : sort);
  const order = nullable
    ? sql`${column} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`
    : descending
      ? desc(column)
      : asc(column);

  const [totalRow] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select({
      user: users,
      bankVerified: bankIsVerified,
      tiktokUsernames: ownedUsernames,
      creatorCount: affiliatedCreatorCount,
      referrer: { id: referrers.id, firstName: referrers.firstName, lastName: referrers.lastName },
      diamonds: monthDiamonds,
      earningsCents: monthEarnings,
    })
    .from(users)
    .leftJoin(referrers, eq(referrers.id, users.referredBy))
    .leftJoin(memberMonths, monthJoin(period))
    .where(where)
    .orderBy(order, asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total: totalRow?.value ?? 0, rows: rows.map(normaliseListRow) };
}

function normaliseListRow(row: {
  user: UserRow;
  bankVerified: boolean | string;
  tiktokUsernames: string[] | string | null;
  creatorCount: number | string;
  referrer: MemberRefRow | null;
  diamonds: number | string;
  earningsCents: number | string;
}): MemberListRow {
  return {
    user: row.user,
    bankVerified: row.bankVerified === true || row.bankVerified === 't',
    tiktokUsernames: Array.isArray(row.tiktokUsernames) ? row.tiktokUsernames : [],
    creatorCount: Number(row.creatorCount),
    referrer: row.referrer,
    diamonds: Number(row.diamonds),
    earningsCents: Number(row.earningsCents),
  };
}

/** One member row with the list columns (figures of `period`), or undefined. */
export async function findMemberListRow(db: Executor, id: string, period: string): Promise<MemberListRow | undefined> {
  const [row] = await db
    .select({
      user: users,
      bankVerified: bankIsVerified,
      tiktokUsernames: ownedUsernames,
      creatorCount: affiliatedCreatorCount,
      referrer: { id: referrers.id, firstName: referrers.firstName, lastName: referrers.lastName },
      diamonds: monthDiamonds,
      earningsCents: monthEarnings,
    })
    .from(users)
    .leftJoin(referrers, eq(referrers.id, users.referredBy))
    .leftJoin(memberMonths, monthJoin(period))
    .where(eq(users.id, id));
  return row ? normaliseListRow(row) : undefined;
}

/** The row locked for the rest of the transaction. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error('update of users returned nothing');
  return row;
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * Money history: monthly figures of any creator the member is the affiliate of, or any payment,
 * deduction or ledger entry of the member (those tables also refuse the delete: restrict).
 */
export async function hasMoneyHistory(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ value: count() })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(eq(creators.affiliateId, userId));
  if ((row?.value ?? 0) > 0) return true;
  for (const table of [payments, deductions, ledgerEntries]) {
    const [found] = await db.select({ id: table.id }).from(table).where(eq(table.memberId, userId)).limit(1);
    if (found) return true;
  }
  return false;
}

export async function findBankDetailsOf(db: Executor, userId: string): Promise<BankDetailsRow | undefined> {
  const [row] = await db.select().from(bankDetails).where(eq(bankDetails.userId, userId));
  return row;
}

export async function markBankDetailsVerified(db: Executor, userId: string, at: Date): Promise<BankDetailsRow | undefined> {
  const [row] = await db.update(bankDetails).set({ verifiedAt: at }).where(eq(bankDetails.userId, userId)).returning();
  return row;
}
