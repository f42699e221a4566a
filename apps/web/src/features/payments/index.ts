/**
 * What the other member screens (documents, publisher home) reuse from the payments feature: the
 * `/api/me/payments` list, the invoice actions (download, upload, custom invoice preference; the
 * file check in invoice-file.ts: PDF/JPG/PNG, 5 MB), the status badge and the payment months'
 * labels. The payments screens themselves (member and admin) import these files directly. The
 * reason dialog (reject, unpaid, cancel: at least 10 characters) is shared: components/reason-dialog.tsx.
 * The deductions' queries (`/api/me/deductions`, `/api/admin/deductions`) live in
 * `features/deductions/deductions-api.ts`.
 */
export { InvoiceActions } from './invoice-actions.tsx';
export { usePaymentMonths } from './payment-months.ts';
export { PaymentStatusBadge } from './payment-status-badge.tsx';
export { useMyPayments } from './payments-api.ts';
