import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings, type SettingsRow } from '../../db/tables/settings.table.ts';

/** The single settings row, created with the defaults the first time it is read. */
export async function getSettingsRow(db: Executor): Promise<SettingsRow> {
  const [existing] = await db.select().from(settings).where(eq(settings.id, 1));
  if (existing) return existing;
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!created) throw new Error('settings row missing after insert');
  return created;
}

export type SettingsChanges = Partial<Omit<SettingsRow, 'id' | 'updatedAt'>>;

export async function updateSettingsRow(db: Executor, values: SettingsChanges, at: Date): Promise<SettingsRow> {
  await getSettingsRow(db);
  const [row] = await db
    .update(settings)
    .set({ ...values, updatedAt: at })
    .where(eq(settings.id, 1))
    .returning();
  if (!row) throw new Error('update of settings returned nothing');
  return row;
}
