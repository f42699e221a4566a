import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDate, formatMoney, formatMonth, type Locale, type PaymentStatus } from '@agency/shared';
import { INVOICE_TEXTS } from './invoice-texts.ts';

/** Everything printed on a generated invoice; the service gathers it, this file only draws. */
export interface InvoiceDocument {
  locale: Locale;
  /** Null before the payment is approved: the number is given at approval, never by a download. */
  invoiceNumber: string | null;
  issuedAt: Date;
  status: PaymentStatus;
  agency: { name: string; address: string; phone: string; email: string; logo: Buffer | null };
  member: { name: string; phone: string | null; email: string | null };
  bank: { holderName: string; bankName: string; iban: string; identityNumber: string } | null;
  /** `YYYY-MM`, oldest first. */
  periods: string[];
  grossCents: number;
  deductionsCents: number;
  netCents: number;
  footer: string;
  stamp: Buffer | null;
  signature: Buffer | null;
}

// The built-in Helvetica has no Turkish İ ş ğ ı: DejaVu Sans is embedded (subset) instead. The
// package stays in node_modules (external to the server bundle), so it is found the same way
// from the sources and from dist/.
const requireFromHere = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(requireFromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(requireFromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** All but the last four characters hidden: the PDF travels by e-mail and gets printed. */
function maskIdentityNumber(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length <= 4) return '•'.repeat(compact.length);
  return '•'.repeat(compact.length - 4) + compact.slice(-4);
}

function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function formatPeriod(period: string, locale: Locale): string {
  return /^\d{4}-\d{2}$/.test(period) ? formatMonth(period, locale, 'long') : period;
}

const PAGE_MARGIN = 50;
const GREY = '#555555';
const LINE = '#cccccc';

/** A stored image that no longer decodes is left out rather than failing the whole invoice. */
function drawImage(doc: PDFKit.PDFDocument, image: Buffer, x: number, y: number, fit: [number, number]): boolean {
  try {
    doc.image(image, x, y, { fit, align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

/** The invoice as PDF bytes (A4, DejaVu Sans embedded, labels in `document.locale`). */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const texts = INVOICE_TEXTS[document.locale];
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: document.invoiceNumber ? `${texts.title} ${document.invoiceNumber}` : texts.title, Author: document.agency.name, Creator: document.agency.name },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const half = width / 2 - 10;
  const right = left + width / 2 + 10;

  // ---- header: logo and agency on the left, title and number on the right ----
  let y = PAGE_MARGIN;
  if (document.agency.logo && drawImage(doc, document.agency.logo, left, y, [140, 60])) y += 70;
  doc.font('bold').fontSize(14).fillColor('black').text(document.agency.name, left, y, { width: half });
  doc.font('regular').fontSize(9).fillColor(GREY);
  for (const line of [document.agency.address, document.agency.phone, document.agency.email]) {
    if (line.trim()) doc.text(line, { width: half });
  }
  const leftBottom = doc.y;

  doc.font('bold').fontSize(22).fillColor('black').text(texts.title, right, PAGE_MARGIN, { width: half, align: 'right' });
  doc.moveDown(0.3);
  const meta: [string, string][] = [
    [texts.invoiceNumber, document.invoiceNumber ?? texts.unnumbered],
    [texts.date, formatDate(document.issuedAt, document.locale)],
    [texts.status, texts.statuses[document.status]],
  ];
  for (const [label, value] of meta) {
    doc.font('regular').fontSize(9).fillColor(GREY).text(label, right, doc.y, { width: half, align: 'right' });
    doc.font('bold').fontSize(11).fillColor('black').text(value, right, doc.y, { width: half, align: 'right' });
  }
  y = Math.max(leftBottom, doc.y) + 20;
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor(LINE).stroke();
  y += 15;

  // ---- member and bank details ----
  const blockTop = y;
  const field = (x: number, label: string, value: string) => {
    doc.font('regular').fontSize(8).fillColor(GREY).text(label, x, doc.y, { width: half });
    doc.font('regular').fontSize(10).fillColor('black').text(value || texts.notProvided, x, doc.y, { width: half });
    doc.moveDown(0.3);
  };
  doc.font('bold').fontSize(11).fillColor('black').text(texts.payee, left, blockTop, { width: half });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(12).text(document.member.name, left, doc.y, { width: half });
  doc.moveDown(0.3);
  field(left, texts.phone, document.member.phone ?? '');
  if (document.member.email) field(left, texts.email, document.member.email);
  const memberBottom = doc.y;

  doc.font('bold').fontSize(11).fillColor('black').text(texts.bankDetails, right, blockTop, { width: half });
  doc.moveDown(0.3);
  const bank = document.bank;
  field(right, texts.accountHolder, bank?.holderName ?? '');
  field(right, texts.bankName, bank?.bankName ?? '');
  field(right, texts.iban, bank ? formatIban(bank.iban) : '');
  field(right, texts.identityNumber, bank ? maskIdentityNumber(bank.identityNumber) : '');
  y = Math.max(memberBottom, doc.y) + 15;

  // ---- amounts ----
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor(LINE).stroke();
  y += 10;
  const months = document.periods.map((period) => formatPeriod(period, document.locale)).join(', ');
  const rows: [string, string, boolean][] = [
    [texts.months, months || texts.notProvided, false],
    [texts.gross, formatMoney(document.grossCents, document.locale), false],
    [texts.deductions, formatMoney(-document.deductionsCents, document.locale), false],
    [texts.net, formatMoney(document.netCents, document.locale), true],
  ];
  for (const [label, value, isTotal] of rows) {
    if (isTotal) {
      doc.moveTo(left, y).lineTo(left + width, y).strokeColor(LINE).stroke();
      y += 8;
    }
    const font = isTotal ? 'bold' : 'regular';
    const size = isTotal ? 13 : 10;
    doc.font(font).fontSize(size).fillColor('black').text(label, left, y, { width: half });
    doc.font(font).fontSize(size).text(value, right, y, { width: half, align: 'right' });
    y = doc.y + 8;
  }

  // ---- stamp and signature ----
  if (document.stamp || document.signature) {
    y += 20;
    const imageTop = y + 14;
    if (document.stamp) {
      doc.font('regular').fontSize(8).fillColor(GREY).text(texts.stamp, left, y, { width: 150, align: 'center' });
      drawImage(doc, document.stamp, left, imageTop, [150, 100]);
    }
    if (document.signature) {
      const x = left + width - 150;
      doc.font('regular').fontSize(8).fillColor(GREY).text(texts.signature, x, y, { width: 150, align: 'center' });
      drawImage(doc, document.signature, x, imageTop, [150, 100]);
    }
    y = imageTop + 110;
  }

  // ---- footer ----
  if (document.footer.trim()) {
    const footerY = Math.max(y + 10, doc.page.height - PAGE_MARGIN - 40);
    doc.font('regular').fontSize(8).fillColor(GREY).text(document.footer, left, footerY, { width, align: 'center' });
  }

  doc.end();
  return done;
}
