import { z } from 'zod';
import { INVOICE_PREFERENCES } from './payments.ts';

/** Content types a custom invoice may have (checked by the file's bytes, not its name). */
export const INVOICE_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type InvoiceContentType = (typeof INVOICE_CONTENT_TYPES)[number];

/** One uploaded custom invoice; switching back to the default keeps it in the history. */
export const invoiceFileSchema = z.object({
  id: z.string(),
  contentType: z.enum(INVOICE_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

/**
 * `PUT` / `DELETE /api/me/payments/:id/invoice`: the payment's invoice choice after the change.
 * `currentFile` is the custom file in use (null with the default invoice); `history` every upload,
 * newest first.
 */
export const invoiceStateSchema = z.object({
  paymentId: z.string(),
  invoicePreference: z.enum(INVOICE_PREFERENCES),
  invoiceNumber: z.string().nullable(),
  currentFile: invoiceFileSchema.nullable(),
  history: z.array(invoiceFileSchema),
});
export type InvoiceState = z.infer<typeof invoiceStateSchema>;
