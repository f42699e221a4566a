import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankDetails, users, type BankDetailsRow, type NewUserRow, type UserRow } from '../../db/tables/members.table.ts';

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

export async function isMember(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'user')));
  return row !== undefined;
}
