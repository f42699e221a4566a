import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { MemberListQuery } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { bankDetails, users, type BankDetailsRow, type NewUserRow, type UserRow } from './members.table.ts';

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

export async function findUserByReferralCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code));
  return row;
}

export async function isReferralCodeTaken(db: Executor, code: string): Promise<boolean> {
  return (await findUserByReferralCode(db, code)) !== undefined;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

export async function updateUserPassword(db: Executor, id: string, passwordHash: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
}

export async function findBankDetails(db: Executor, userId: string): Promise<BankDetailsRow | undefined> {
  const [row] = await db.select().from(bankDetails).where(eq(bankDetails.userId, userId));
  return row;
}

export interface UserWithBankState extends UserRow {
  bankVerified: boolean;
}

const SORT_COLUMNS = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  status: users.status,
  joinedAt: users.joinedAt,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Members (role `user`) page by page, searched on names, e-mail and phone. */
export async function listMemberRows(
  db: Executor,
  query: MemberListQuery,
): Promise<{ rows: UserWithBankState[]; total: number }> {
  const conditions: SQL[] = [eq(users.role, 'user')];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const search = or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.email, pattern),
      ilike(users.phone, pattern),
      ilike(users.referralCode, pattern),
    );
    if (search) conditions.push(search);
  }
  const where = and(...conditions);
  const sort = query.sort ?? '-joinedAt';
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[(descending ? sort.slice(1) : sort) as keyof typeof SORT_COLUMNS];
  const order = descending ? desc(column) : asc(column);

  const [totalRow] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select({ user: users, bankVerifiedAt: bankDetails.verifiedAt })
    .from(users)
    .leftJoin(bankDetails, eq(bankDetails.userId, users.id))
    .where(where)
    .orderBy(order, asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total: totalRow?.value ?? 0,
    rows: rows.map(({ user, bankVerifiedAt }) => ({ ...user, bankVerified: bankVerifiedAt !== null })),
  };
}
