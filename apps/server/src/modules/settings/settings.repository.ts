import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings, type SettingsRow } from '../../db/tables/settings.table.ts';
import { getSettingsRow } from '../settings-row/index.ts';

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
