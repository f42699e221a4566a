import { z } from 'zod';
import { commissionTierSchema, type CommissionTier } from './commission.ts';

/** What anybody may read: shown on the landing page and in the document head. */
export const publicSettingsSchema = z.object({
  agencyName: z.string(),
  pageTitle: z.string(),
  pageDescription: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  contactAddress: z.string(),
  supportHours: z.string(),
  referralsEnabled: z.boolean(),
  /** `/api/settings/logo` (with a version query) when a logo was uploaded, else null. */
  logoUrl: z.string().nullable(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * Tiers are contiguous and do not overlap: the first starts at 0, each next one starts one
 * diamond after the previous ends, and only the last is open-ended (toDiamonds null).
 */
export function findCommissionTierProblem(tiers: readonly CommissionTier[]): string | null {
  if (tiers.length === 0) return 'At least one tier is needed';
  for (const [index, tier] of tiers.entries()) {
    const isLast = index === tiers.length - 1;
    if (index === 0 && tier.fromDiamonds !== 0) return 'The first tier starts at 0';
    const previous = tiers[index - 1];
    if (previous && previous.toDiamonds !== null && tier.fromDiamonds !== previous.toDiamonds + 1) {
      return `Tier ${index + 1} must start right after tier ${index}`;
    }
    if (isLast && tier.toDiamonds !== null) return 'The last tier has no upper bound';
    if (!isLast && tier.toDiamonds === null) return 'Only the last tier has no upper bound';
    if (tier.toDiamonds !== null && tier.toDiamonds < tier.fromDiamonds) return `Tier ${index + 1} ends before it starts`;
  }
  return null;
}

const agencyText = (max: number) => z.string().trim().max(max);

export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9/-]{1,12}$/;

/** An IANA zone name the runtime knows (`Europe/Istanbul`); `Intl` refuses unknown ones. */
function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The agency's details (branding), edited on `/app/accounts/branding`. */
const agencyDetailsSchema = z.strictObject({
  agencyName: agencyText(80).min(1),
  pageTitle: agencyText(120).min(1),
  pageDescription: agencyText(300),
  contactPhone: agencyText(40).regex(/^[+\d\s()./-]*$/, 'Digits, spaces and + ( ) - . / only'),
  contactEmail: z.union([z.literal(''), z.string().trim().toLowerCase().email().max(254)]),
  contactAddress: agencyText(300),
  supportHours: agencyText(80),
});

/** `GET /api/admin/settings`. */
export const adminSettingsSchema = publicSettingsSchema.extend({
  commissionTiers: z.array(commissionTierSchema),
  diamondValueMicros: z.number().int(),
  /** Document settings (`/app/accounts/documentConfigurations`). */
  invoicePrefix: z.string(),
  invoiceNextNumber: z.number().int(),
  invoiceNumberDigits: z.number().int(),
  invoiceFooter: z.string(),
  payoutTimeZone: z.string().nullable(),
  /** Forecasts: a creator with no LIVE for this many days or more went dark (1-30, default 3). */
  darkAfterDays: z.number().int(),
  /** `/api/admin/settings/stamp` and `/signature` (with a version query) when uploaded, else null. */
  stampUrl: z.string().nullable(),
  signatureUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** `PUT /api/admin/settings`: any subset of the fields; unknown fields are refused. */
export const adminSettingsUpdateSchema = agencyDetailsSchema
  .partial()
  .extend({
    referralsEnabled: z.boolean().optional(),
    commissionTiers: z
      .array(commissionTierSchema)
      .min(1)
      .max(10)
      .superRefine((tiers, ctx) => {
        const problem = findCommissionTierProblem(tiers);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    /** Micro-dollars per diamond: 5000 = $0.005; at most $1. */
    diamondValueMicros: z.number().int().min(1).max(1_000_000).optional(),
    invoicePrefix: z.string().regex(INVOICE_PREFIX_PATTERN, '1-12 characters: A-Z, 0-9, - and /').optional(),
    /** May only increase (checked against the stored value): numbers already given never repeat. */
    invoiceNextNumber: z.number().int().min(1).max(2_147_483_647).optional(),
    invoiceNumberDigits: z.number().int().min(1).max(12).optional(),
    invoiceFooter: z.string().trim().max(300).optional(),
    payoutTimeZone: z.string().refine(isTimeZone, 'Unknown time zone').nullable().optional(),
    darkAfterDays: z.number().int().min(1).max(30).optional(),
  })
  .strict();

/** The next invoice number as it will be printed: prefix + number padded to `digits`. */
export function formatInvoiceNumber(prefix: string, number: number, digits: number): string {
  return `${prefix}${String(number).padStart(digits, '0')}`;
}
export type AdminSettingsUpdate = z.input<typeof adminSettingsUpdateSchema>;
