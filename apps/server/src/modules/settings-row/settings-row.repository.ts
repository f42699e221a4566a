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
