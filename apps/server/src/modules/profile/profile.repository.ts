import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorMonths, creators, type CreatorMonthRow, type CreatorRow } from '../../db/tables/creators.table.ts';
import { users, type UserRow } from '../../db/tables/members.table.ts';

export async function updateUserFields(
  db: Executor,
  userId: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'locale' | 'invoicePreference' | 'briefEmail' | 'avatarKey' | 'referralCode'>>,
  at: Date,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('update of users returned nothing');
  return row;
}

/**
 * Creators a member brought (affiliate) or signs in for (owner), each with the figures of
 * `period` (absent when nothing was uploaded for the month yet): failing first, then at risk,
 * then the rest, newest first within each. `atRiskOnly` keeps the at-risk and failing ones.
 */
export async function listCreatorsOfMember(
  db: Executor,
  userId: string,
  period: string,
  page: { page: number; pageSize: number },
  options: { atRiskOnly?: boolean } = {},
): Promise<{ rows: { creator: CreatorRow; month: CreatorMonthRow | null }[]; total: number }> {
  const monthJoin = and(eq(creatorMonths.creatorId, creators.id), eq(creatorMonths.period, period));
  const where = and(
    or(eq(creators.affiliateId, userId), eq(creators.ownerId, userId)),
    options.atRiskOnly ? inArray(creatorMonths.requirementState, ['atRisk', 'failing']) : undefined,
  );
  const [totalRow] = await db
    .select({ value: count() })
    .from(creators)
    .leftJoin(creatorMonths, monthJoin)
    .where(where);
  const severity = sql<number>`case ${creatorMonths.requirementState} when 'failing' then 0 when 'atRisk' then 1 else 2 end`;
  const rows = await db
    .select({ creator: creators, month: creatorMonths })
    .from(creators)
    .leftJoin(creatorMonths, monthJoin)
    .where(where)
    .orderBy(asc(severity), desc(creators.joinedAt), desc(creators.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows, total: totalRow?.value ?? 0 };
}
