import type { PublicSettings } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { getSettingsRow } from './settings.repository.ts';

export function createSettingsService(deps: { db: Database }) {
  return {
    /** What the landing page and the document head show; no commission data. */
    async getPublicSettings(): Promise<PublicSettings> {
      const row = await getSettingsRow(deps.db);
      return {
        agencyName: row.agencyName,
        pageTitle: row.pageTitle,
        pageDescription: row.pageDescription,
        contactPhone: row.contactPhone,
        contactEmail: row.contactEmail,
        contactAddress: row.contactAddress,
        supportHours: row.supportHours,
        referralsEnabled: row.referralsEnabled,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
