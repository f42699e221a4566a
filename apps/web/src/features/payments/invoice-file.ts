import { INVOICE_MAX_BYTES } from '@agency/shared';

const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const ACCEPTED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** What the file input offers; the server checks the content again. */
export const INVOICE_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/** The catalogue error of a file the server would refuse anyway, or null. */
export function invoiceFileProblem(file: File): 'FILE_TOO_LARGE' | 'FILE_TYPE_INVALID' | null {
  const typeOk = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return 'FILE_TYPE_INVALID';
  if (file.size > INVOICE_MAX_BYTES) return 'FILE_TOO_LARGE';
  return null;
}
