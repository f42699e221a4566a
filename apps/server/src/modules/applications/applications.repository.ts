import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MemberStatus } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { creators, type CreatorRow } from '../../db/tables/creators.table.ts';
import { bankDetails, users, type UserRow } from '../../db/tables/members.table.ts';

export interface ApplicationRow {
  member: UserRow;
  bankVerified: boolean;
  /** The creator account the applicant applied with (their earliest owned creator). */
  creator: CreatorRow | null;
  referrer: Pick<UserRow, 'id' | 'firstName' | 'lastName'> | null;
}

const referrers = alias(users, 'referrers');

/** An application is a member (role `user`) in the given status, with the creator they own. */
export async function listApplicationRows(
  db: Executor,
  query: { status: MemberStatus; page: number; pageSize: number },
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = and(eq(users.role, 'user'), eq(users.status, query.status));
  const [totalRow] = await db.select({ value: count() }).from(users).where(where);
  const memberRows = await db
    .select({
      member: users,
      bankVerifiedAt: bankDetails.verifiedAt,
      referrer: { id: referrers.id, firstName: referrers.firstName, lastName: referrers.lastName },
    })
    .from(users)
    .leftJoin(bankDetails, eq(bankDetails.userId, users.id))
    .leftJoin(referrers, eq(referrers.id, users.referredBy))
    .where(where)
    .orderBy(desc(users.joinedAt), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const memberIds = memberRows.map((row) => row.member.id);
  const ownedCreators =
    memberIds.length === 0
      ? []
      : await db
          .select()
          .from(creators)
          .where(inArray(creators.ownerId, memberIds))
          .orderBy(asc(creators.createdAt), asc(creators.id));
  const firstCreatorOf = new Map<string, CreatorRow>();
  for (const creator of ownedCreators) {
    if (creator.ownerId && !firstCreatorOf.has(creator.ownerId)) firstCreatorOf.set(creator.ownerId, creator);
  }

  return {
    total: totalRow?.value ?? 0,
    rows: memberRows.map((row) => ({
      member: row.member,
      bankVerified: row.bankVerifiedAt !== null,
      creator: firstCreatorOf.get(row.member.id) ?? null,
      referrer: row.referrer,
    })),
  };
}
