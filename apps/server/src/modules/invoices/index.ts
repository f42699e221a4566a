/** What other modules may use of invoices. */
export { INVOICE_TEXTS } from './invoice-texts.ts';
export { assignInvoiceNumber } from './invoices.repository.ts';
