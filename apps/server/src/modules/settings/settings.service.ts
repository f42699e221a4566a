import { LOGO_MAX_SIDE_PX, periodOf, type AdminSettings, type AdminSettingsUpdate, type PublicSettings } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { imageContentType, imageExtension, normalizeImage } from '../../lib/images.ts';
import { createStorageKey, type FileStorage } from '../../lib/storage/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/index.ts';
import { recomputeMemberMonths } from '../earnings/index.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import { updateSettingsRow, type SettingsChanges } from './settings.repository.ts';
import type { SettingsRow } from '../../db/tables/settings.table.ts';

export interface SettingsDeps {
  db: Database;
  clock?: Clock;
  /** Where the logo lives; without it logo uploads are refused (tests of other modules). */
  storage?: FileStorage;
}

function logoUrl(row: SettingsRow): string | null {
  return row.logoKey ? `/api/settings/logo?v=${encodeURIComponent(row.logoKey.slice(6, 14))}` : null;
}

function toPublicSettings(row: SettingsRow): PublicSettings {
  return {
    agencyName: row.agencyName,
    pageTitle: row.pageTitle,
    pageDescription: row.pageDescription,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    contactAddress: row.contactAddress,
    supportHours: row.supportHours,
    referralsEnabled: row.referralsEnabled,
    logoUrl: logoUrl(row),
  };
}

/** Images printed on generated invoices; admins only (a signature is not for the public). */
export type InvoiceImageKind = 'stamp' | 'signature';
const INVOICE_IMAGE = {
  stamp: { column: 'stampKey', folder: 'stamps' },
  signature: { column: 'signatureKey', folder: 'signatures' },
} as const;
/** Enough for a sharp print at the size an invoice shows them (about 4 cm). */
const INVOICE_IMAGE_MAX_SIDE_PX = 600;

function invoiceImageUrl(kind: InvoiceImageKind, key: string | null): string | null {
  return key ? `/api/admin/settings/${kind}?v=${encodeURIComponent(key.split('/')[1]?.slice(0, 8) ?? '')}` : null;
}

function toAdminSettings(row: SettingsRow): AdminSettings {
  return {
    ...toPublicSettings(row),
    commissionTiers: row.commissionTiers,
    diamondValueMicros: row.diamondValueMicros,
    invoicePrefix: row.invoicePrefix,
    invoiceNextNumber: row.invoiceNextNumber,
    invoiceNumberDigits: row.invoiceNumberDigits,
    invoiceFooter: row.invoiceFooter,
    payoutTimeZone: row.payoutTimeZone,
    darkAfterDays: row.darkAfterDays,
    stampUrl: invoiceImageUrl('stamp', row.stampKey),
    signatureUrl: invoiceImageUrl('signature', row.signatureKey),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** JSON with object keys sorted: jsonb stores tiers with its own key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Values compared as JSON so that tier arrays count as changed only when they differ. */
function diff(before: SettingsRow, changes: SettingsChanges) {
  const result = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [key, value] of Object.entries(changes)) {
    const old = before[key as keyof SettingsRow];
    if (canonicalJson(old) !== canonicalJson(value)) {
      result.before[key] = old;
      result.after[key] = value;
    }
  }
  return result;
}

export function createSettingsService(deps: SettingsDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  return {
    /** What the landing page and the document head show; no commission data. */
    async getPublicSettings(): Promise<PublicSettings> {
      return toPublicSettings(await getSettingsRow(db));
    },

    async getAdminSettings(): Promise<AdminSettings> {
      return toAdminSettings(await getSettingsRow(db));
    },

    /** Writes only the fields sent (validated by the shared schema) and logs what changed. */
    async updateSettings(admin: AuthUser, input: AdminSettingsUpdate, context: { ip: string }): Promise<AdminSettings> {
      const changes: SettingsChanges = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const before = await getSettingsRow(tx);
        // Numbers already given must never be given again: the counter only moves forward.
        if (changes.invoiceNextNumber !== undefined && changes.invoiceNextNumber < before.invoiceNextNumber) {
          throw new AppError('VALIDATION_FAILED', {
            details: [{ path: 'invoiceNextNumber', message: `May only increase (now ${before.invoiceNextNumber})` }],
          });
        }
        const updated = await updateSettingsRow(tx, changes, now);
        const changed = diff(before, changes);
        if (Object.keys(changed.after).length > 0) {
          await recordActivity(tx, { actorId: admin.id, action: 'settings.update', entityType: 'settings', entityId: '1', ...changed, ip: context.ip, at: now });
        }
        // New tiers or a new diamond value apply to the open month only: ended months keep the
        // commission they were computed with (they are payable, perhaps already paid).
        if ('commissionTiers' in changed.after || 'diamondValueMicros' in changed.after) {
          await recomputeMemberMonths(tx, periodOf(now), now);
        }
        return updated;
      });
      return toAdminSettings(row);
    },

    /** The logo re-encoded (at most 512 px on its longer side); the old file is removed. */
    async updateLogo(admin: AuthUser, upload: Buffer, context: { ip: string }): Promise<AdminSettings> {
      if (!deps.storage) throw new AppError('SERVICE_UNAVAILABLE');
      const image = await normalizeImage(upload, LOGO_MAX_SIDE_PX);
      const key = createStorageKey('logos', imageExtension(image.type));
      await deps.storage.put(key, image.data);
      const now = clock.now();
      const storage = deps.storage;
      const { before, row } = await db
        .transaction(async (tx) => {
          const previous = await getSettingsRow(tx);
          const updated = await updateSettingsRow(tx, { logoKey: key }, now);
          await recordActivity(tx, {
            actorId: admin.id,
            action: 'settings.logo',
            entityType: 'settings',
            entityId: '1',
            before: { logo: previous.logoKey },
            after: { logo: key },
            ip: context.ip,
            at: now,
          });
          return { before: previous, row: updated };
        })
        .catch(async (error: unknown) => {
          // The stored logo and the database agree: no file without its row.
          await storage.delete(key);
          throw error;
        });
      if (before.logoKey) await deps.storage.delete(before.logoKey);
      return toAdminSettings(row);
    },

    /** Stamp or signature re-encoded like the logo (PNG or JPEG by content); the old file is removed. */
    async updateInvoiceImage(kind: InvoiceImageKind, admin: AuthUser, upload: Buffer, context: { ip: string }): Promise<AdminSettings> {
      if (!deps.storage) throw new AppError('SERVICE_UNAVAILABLE');
      const { column, folder } = INVOICE_IMAGE[kind];
      const image = await normalizeImage(upload, INVOICE_IMAGE_MAX_SIDE_PX);
      const key = createStorageKey(folder, imageExtension(image.type));
      await deps.storage.put(key, image.data);
      const now = clock.now();
      let previousKey: string | null;
      let row: SettingsRow;
      try {
        ({ previousKey, row } = await db.transaction(async (tx) => {
          const previous = await getSettingsRow(tx);
          const updated = await updateSettingsRow(tx, { [column]: key }, now);
          await recordActivity(tx, {
            actorId: admin.id,
            action: `settings.${kind}`,
            entityType: 'settings',
            entityId: '1',
            before: { [kind]: previous[column] },
            after: { [kind]: key },
            ip: context.ip,
            at: now,
          });
          return { previousKey: previous[column], row: updated };
        }));
      } catch (error) {
        await deps.storage.delete(key);
        throw error;
      }
      if (previousKey) await deps.storage.delete(previousKey);
      return toAdminSettings(row);
    },

    /** Generated invoices go without it from now on; removing twice is not an error. */
    async deleteInvoiceImage(kind: InvoiceImageKind, admin: AuthUser, context: { ip: string }): Promise<AdminSettings> {
      const { column } = INVOICE_IMAGE[kind];
      const now = clock.now();
      const { previousKey, row } = await db.transaction(async (tx) => {
        const previous = await getSettingsRow(tx);
        if (!previous[column]) return { previousKey: null, row: previous };
        const updated = await updateSettingsRow(tx, { [column]: null }, now);
        await recordActivity(tx, {
          actorId: admin.id,
          action: `settings.${kind}.delete`,
          entityType: 'settings',
          entityId: '1',
          before: { [kind]: previous[column] },
          after: { [kind]: null },
          ip: context.ip,
          at: now,
        });
        return { previousKey: previous[column], row: updated };
      });
      if (previousKey && deps.storage) await deps.storage.delete(previousKey);
      return toAdminSettings(row);
    },

    async readInvoiceImage(kind: InvoiceImageKind): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: Buffer }> {
      const key = (await getSettingsRow(db))[INVOICE_IMAGE[kind].column];
      if (!key || !deps.storage) throw new AppError('NOT_FOUND');
      const data = await deps.storage.get(key);
      if (!data) throw new AppError('NOT_FOUND');
      return { contentType: imageContentType(key), data };
    },

    async readLogo(): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: Buffer }> {
      const row = await getSettingsRow(db);
      if (!row.logoKey || !deps.storage) throw new AppError('NOT_FOUND');
      const data = await deps.storage.get(row.logoKey);
      if (!data) throw new AppError('NOT_FOUND');
      return { contentType: imageContentType(row.logoKey), data };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
