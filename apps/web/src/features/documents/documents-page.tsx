import { IconFileInvoice } from '@tabler/icons-react';
 
import { ComingSoon } from '../../components/coming-soon.tsx';

// Placeholder: the screen's own work replaces this file.
export default function DocumentsPage() {
  return <ComingSoon screen="documents" icon={IconFileInvoice} />;
}
