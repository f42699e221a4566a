import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorMonths, creators, type CreatorMonthRow, type CreatorRow } from '../creators/creators.table.ts';
import { users, type UserRow } from '../members/members.table.ts';

export async function updateUserFields(
  db: Executor,
  userId: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'locale' | 'invoicePreference' | 'avatarKey' | 'referralCode'>>,
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
 * Creators a member brought (affiliate) or signs in for (owner), newest first, each with the
 * figures of `period` (absent when nothing was uploaded for the month yet).
 */
export async function listCreatorsOfMember(
  db: Executor,
  userId: string,
  period: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: { creator: CreatorRow; month: CreatorMonthRow | null }[]; total: number }> {
  const where = or(eq(creators.affiliateId, userId), eq(creators.ownerId, userId));
  const [totalRow] = await db.select({ value: count() }).from(creators).where(where);
  const rows = await db
    .select({ creator: creators, month: creatorMonths })
    .from(creators)
    .leftJoin(creatorMonths, and(eq(creatorMonths.creatorId, creators.id), eq(creatorMonths.period, period)))
    .where(where)
    .orderBy(desc(creators.joinedAt), desc(creators.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows, total: totalRow?.value ?? 0 };
}
