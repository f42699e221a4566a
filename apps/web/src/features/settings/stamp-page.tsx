import { InvoiceImagePage } from './invoice-image-page.tsx';

/** `/app/accounts/stamp`: the agency stamp printed on generated invoices. */
export default function StampPage() {
  return <InvoiceImagePage kind="stamp" />;
}
