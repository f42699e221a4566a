import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { payments, type PaymentRow } from '../../db/tables/payments.table.ts';

/** A payment row written straight to the table (these tests do not go through the payments service). */
export async function insertPayment(
  db: Database,
  values: Partial<typeof payments.$inferInsert> & { memberId: string },
): Promise<PaymentRow> {
  const amountCents = values.amountCents ?? 40_000;
  const deductionsCents = values.deductionsCents ?? 0;
  const [row] = await db
    .insert(payments)
    .values({ status: 'Approved', kind: 'request', periods: ['2026-01'], grossCents: amountCents + deductionsCents, ...values, amountCents, deductionsCents })
    .returning();
  return row!;
}

/** Files under a storage folder (`<DATA_DIR>/uploads/<folder>`), for "nothing was stored" checks. */
export function countStoredFiles(dataDir: string, folder: string): number {
  const path = join(dataDir, 'uploads', folder);
  return existsSync(path) ? readdirSync(path).length : 0;
}

/** The text of every page of a PDF, as a reader's copy-paste would give it. */
export async function extractPdfText(data: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(data), useSystemFonts: false, disableFontFace: true, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return pages.join('\n');
}
