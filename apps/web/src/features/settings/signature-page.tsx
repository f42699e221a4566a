import { InvoiceImagePage } from './invoice-image-page.tsx';

/** `/app/accounts/eSignature`: the signature printed on generated invoices. */
export default function SignaturePage() {
  return <InvoiceImagePage kind="signature" />;
}
