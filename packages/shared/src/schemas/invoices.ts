import { z } from 'zod';
import { INVOICE_PREFERENCES } from './payments.ts';

/** Content types a custom invoice may have (checked by the file's bytes, not its name). */
export const INVOICE_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type InvoiceContentType = (typeof INVOICE_CONTENT_TYPES)[number];

/**
 * Custom uploads kept per payment: a new upload removes the oldest from storage beyond this many
 * (the one in use is always the newest), docs/decisions/007.
 */
export const INVOICE_HISTORY_PER_PAYMENT = 3;
/** Storage quota of one member's custom invoices (all payments): an upload beyond it is refused (413 INVOICE_STORAGE_FULL). */
export const INVOICE_STORAGE_QUOTA_BYTES = 50 * 1024 * 1024;

/** One uploaded custom invoice; switching back to the default keeps it in the history. */
const invoiceFileSchema = z.object({
  id: z.string(),
  contentType: z.enum(INVOICE_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

/**
 * `PUT` / `DELETE /api/me/payments/:id/invoice`: the payment's invoice choice after the change.
 * `currentFile` is the custom file in use (null with the default invoice); `history` the kept
 * uploads (at most INVOICE_HISTORY_PER_PAYMENT), newest first.
 */
export const invoiceStateSchema = z.object({
  paymentId: z.string(),
  invoicePreference: z.enum(INVOICE_PREFERENCES),
  invoiceNumber: z.string().nullable(),
  currentFile: invoiceFileSchema.nullable(),
  history: z.array(invoiceFileSchema),
});
export type InvoiceState = z.infer<typeof invoiceStateSchema>;
