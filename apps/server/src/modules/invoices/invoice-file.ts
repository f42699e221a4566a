import type { InvoiceContentType } from '@agency/shared';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_HEADER = Buffer.from('%PDF-');

/** PDF, PNG or JPEG by the file's first bytes; anything else (an executable, text, SVG) is null. */
export function detectInvoiceContentType(data: Buffer): InvoiceContentType | null {
  if (data.length >= 5 && data.subarray(0, 5).equals(PDF_HEADER)) return 'application/pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

const BY_EXTENSION: Record<string, InvoiceContentType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** Browsers send these when they do not know the type; they say nothing about the file. */
const GENERIC_MIME_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * The type is decided by the content; the name and the declared type must not contradict it
 * (a PNG renamed `.pdf` is refused: the member meant to send something else, or is probing).
 * Returns the content's type, or null when the file is refused.
 */
export function acceptInvoiceFile(data: Buffer, declared: { filename: string; mimeType: string }): InvoiceContentType | null {
  const actual = detectInvoiceContentType(data);
  if (!actual) return null;
  const extension = /\.([A-Za-z0-9]+)$/.exec(declared.filename)?.[1]?.toLowerCase();
  if (!extension || BY_EXTENSION[extension] !== actual) return null;
  const mimeType = declared.mimeType.toLowerCase().split(';')[0]!.trim();
  // image/jpg and image/pjpeg are what some systems call JPEG.
  const normalizedMime = mimeType === 'image/jpg' || mimeType === 'image/pjpeg' ? 'image/jpeg' : mimeType;
  if (!GENERIC_MIME_TYPES.has(normalizedMime) && normalizedMime !== actual) return null;
  if (actual === 'application/pdf' && !hasPdfEnd(data)) return null;
  return actual;
}

/** A complete PDF ends with `%%EOF` (a few trailing bytes such as newlines are common). */
function hasPdfEnd(data: Buffer): boolean {
  return data.subarray(Math.max(0, data.length - 1024)).includes('%%EOF');
}

export function invoiceFileExtension(type: InvoiceContentType): 'pdf' | 'png' | 'jpg' {
  return type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg';
}
