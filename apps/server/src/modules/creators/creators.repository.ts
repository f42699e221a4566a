import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creators, type CreatorRow } from './creators.table.ts';

export async function findCreatorByUsername(db: Executor, tiktokUsername: string): Promise<CreatorRow | undefined> {
  const [row] = await db.select().from(creators).where(eq(creators.tiktokUsername, tiktokUsername));
  return row;
}

export async function insertCreator(db: Executor, values: typeof creators.$inferInsert): Promise<CreatorRow> {
  const [row] = await db.insert(creators).values(values).returning();
  if (!row) throw new Error('insert into creators returned nothing');
  return row;
}
