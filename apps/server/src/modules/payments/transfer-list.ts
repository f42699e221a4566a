import { DEFAULT_LOCALE, type Locale, type TransferListFormat } from '@agency/shared';
import ExcelJS from 'exceljs';
import { neutraliseFormula } from '../exports/index.ts';

/**
 * The transfer list an admin hands to the bank (issue 17): one row per approved payment with the
 * account holder, IBAN, bank, amount and reference, the header row in the admin's language. Every
 * text cell is neutralised (a holder name such as `=HYPERLINK(...)` is shown, never run). The
 * server's i18n check does not see these texts: transfer-list.test.ts checks every language.
 */

export interface TransferLine {
  holderName: string;
  /** Without spaces, as stored: bank import formats want it so. */
  iban: string;
  bankName: string;
  amountCents: number;
  /** The invoice number, else the payment id. */
  reference: string;
}

interface TransferListTexts {
  sheet: string;
  holder: string;
  iban: string;
  bank: string;
  amount: string;
  reference: string;
}

/** Terms of docs/glossary.md: account holder, transfer; the reference is the field banks call so. */
export const TRANSFER_LIST_TEXTS: Record<Locale, TransferListTexts> = {
  tr: { sheet: 'Transferler', holder: 'Hesap sahibi', iban: 'IBAN', bank: 'Banka', amount: 'Tutar (USD)', reference: 'Referans' },
  en: { sheet: 'Transfers', holder: 'Account holder', iban: 'IBAN', bank: 'Bank', amount: 'Amount (USD)', reference: 'Reference' },
  de: { sheet: 'Überweisungen', holder: 'Kontoinhaber', iban: 'IBAN', bank: 'Bank', amount: 'Betrag (USD)', reference: 'Verwendungszweck' },
  az: { sheet: 'Köçürmələr', holder: 'Hesab sahibi', iban: 'IBAN', bank: 'Bank', amount: 'Məbləğ (USD)', reference: 'İstinad' },
  ru: { sheet: 'Переводы', holder: 'Владелец счёта', iban: 'IBAN', bank: 'Банк', amount: 'Сумма (USD)', reference: 'Назначение платежа' },
  ro: { sheet: 'Transferuri', holder: 'Titularul contului', iban: 'IBAN', bank: 'Banca', amount: 'Sumă (USD)', reference: 'Referință' },
};

/** Integer cents as `1234.56`: exact, from integers only (never a float divided and rounded). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

function headersOf(locale: Locale): string[] {
  const texts = TRANSFER_LIST_TEXTS[locale] ?? TRANSFER_LIST_TEXTS[DEFAULT_LOCALE];
  return [texts.holder, texts.iban, texts.bank, texts.amount, texts.reference];
}

const textCells = (line: TransferLine) => [line.holderName, line.iban, line.bankName].map(neutraliseFormula);

/**
 * The .xlsx: the amount is a number cell (so the sheet can sum it) whose value is read from the
 * exact decimal text, shown with two decimals.
 */
async function writeTransferListXlsx(lines: readonly TransferLine[], locale: Locale, created: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Agency portal';
  workbook.created = created;
  const sheet = workbook.addWorksheet(TRANSFER_LIST_TEXTS[locale].sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 32 }, { width: 36 }, { width: 28 }, { width: 16, style: { numFmt: '#,##0.00' } }, { width: 24 }];
  const header = sheet.addRow(headersOf(locale).map(neutraliseFormula));
  header.font = { bold: true };
  for (const line of lines) {
    const [holder, iban, bank] = textCells(line);
    sheet.addRow([holder, iban, bank, Number(centsToDecimal(line.amountCents)), neutraliseFormula(line.reference)]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The .csv (RFC 4180): comma-separated, CRLF, UTF-8 with a byte order mark so that spreadsheet
 * programs read the holder names' letters right; the amount with a point (`1234.56`) in every
 * language, as bank import formats expect.
 */
export function writeTransferListCsv(lines: readonly TransferLine[], locale: Locale): Buffer {
  const rows = [
    headersOf(locale).map(neutraliseFormula),
    ...lines.map((line) => [...textCells(line), centsToDecimal(line.amountCents), neutraliseFormula(line.reference)]),
  ];
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export const TRANSFER_LIST_TYPES: Record<TransferListFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export async function writeTransferList(format: TransferListFormat, lines: readonly TransferLine[], locale: Locale, created: Date): Promise<Buffer> {
  return format === 'xlsx' ? writeTransferListXlsx(lines, locale, created) : writeTransferListCsv(lines, locale);
}
