import { createHash } from 'node:crypto';
import {
  INVOICE_CONTENT_TYPES,
  INVOICE_HISTORY_PER_PAYMENT,
  INVOICE_STORAGE_QUOTA_BYTES,
  type InvoiceContentType,
  type InvoiceFile,
  type InvoiceState,
} from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { isDecodableImage } from '../../lib/images.ts';
import { createStorageKey, type FileStorage } from '../../lib/storage/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/index.ts';
import type { InvoiceFileRow, PaymentRow } from '../../db/tables/payments.table.ts';
import { acceptInvoiceFile, invoiceFileExtension } from './invoice-file.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import {
  deleteInvoiceFiles,
  findInvoiceContext,
  findInvoiceFile,
  findPayment,
  insertInvoiceFile,
  listInvoiceFiles,
  lockMemberInvoiceStorage,
  lockPayment,
  memberInvoiceBytes,
  setPaymentInvoice,
} from './invoices.repository.ts';

export interface InvoicesDeps {
  db: Database;
  clock?: Clock;
  storage: FileStorage;
}

/** `own`: the member's own payments only (another member's answers 404, as if it did not exist). */
export type InvoiceScope = 'own' | 'any';

export interface InvoiceDownload {
  contentType: InvoiceContentType;
  data: Buffer;
  /** A safe file name for Content-Disposition (letters, digits and dashes). */
  filename: string;
}

export interface UploadedInvoice {
  data: Buffer;
  filename: string;
  mimeType: string;
}

function toInvoiceFile(row: InvoiceFileRow): InvoiceFile {
  const contentType = (INVOICE_CONTENT_TYPES as readonly string[]).includes(row.contentType)
    ? (row.contentType as InvoiceContentType)
    : 'application/pdf';
  return { id: row.id, contentType, sizeBytes: row.sizeBytes, uploadedAt: row.uploadedAt.toISOString() };
}

function safeName(value: string): string {
  return value.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'invoice';
}

/**
 * A rejected payment is closed: nothing is paid, so its invoice choice is frozen. Every other
 * status (also Paid and Unpaid: members often issue their invoice after the transfer) may change it.
 */
function assertInvoiceChangeable(payment: PaymentRow): void {
  if (payment.status === 'Rejected') throw new AppError('INVOICE_LOCKED');
}

/**
 * The uploads an upload of `newBytes` to `payment` replaces (beyond the payment's newest
 * INVOICE_HISTORY_PER_PAYMENT - 1, the new one being the newest), after checking that the member's
 * kept uploads, with the new one and without those, fit the quota.
 */
async function planStorage(db: Executor, payment: PaymentRow, newBytes: number): Promise<InvoiceFileRow[]> {
  const history = await listInvoiceFiles(db, payment.id);
  const removed = history.slice(INVOICE_HISTORY_PER_PAYMENT - 1);
  const kept = (await memberInvoiceBytes(db, payment.memberId)) - removed.reduce((sum, file) => sum + file.sizeBytes, 0);
  if (kept + newBytes > INVOICE_STORAGE_QUOTA_BYTES) {
    throw new AppError('INVOICE_STORAGE_FULL', {
      details: [{ path: 'file', message: `At most ${INVOICE_STORAGE_QUOTA_BYTES} bytes of invoices per member; ${kept} are kept` }],
    });
  }
  return removed;
}

export function createInvoicesService(deps: InvoicesDeps) {
  const { db, storage } = deps;
  const clock = deps.clock ?? systemClock;

  async function loadPayment(actor: AuthUser, paymentId: string, scope: InvoiceScope): Promise<PaymentRow> {
    const payment = await findPayment(db, paymentId);
    if (!payment || (scope === 'own' && payment.memberId !== actor.id)) throw new AppError('NOT_FOUND');
    return payment;
  }

  async function stateOf(payment: PaymentRow): Promise<InvoiceState> {
    const history = (await listInvoiceFiles(db, payment.id)).map(toInvoiceFile);
    const currentFile = payment.invoicePreference === 'custom' ? (history.find((file) => file.id === payment.invoiceFileId) ?? null) : null;
    return { paymentId: payment.id, invoicePreference: payment.invoicePreference, invoiceNumber: payment.invoiceNumber, currentFile, history };
  }

  /** The PDF of the payment as it stands: a read never gives a number (that happens at approval). */
  async function generate(payment: PaymentRow): Promise<InvoiceDownload> {
    const { invoiceNumber } = payment;
    const { member, bank, settings } = await findInvoiceContext(db, payment.memberId);
    const readImage = async (key: string | null) => (key ? await storage.get(key) : null);
    const [logo, stamp, signature] = await Promise.all([readImage(settings.logoKey), readImage(settings.stampKey), readImage(settings.signatureKey)]);
    const data = await renderInvoicePdf({
      locale: member.locale,
      invoiceNumber,
      issuedAt: payment.createdAt,
      status: payment.status,
      agency: { name: settings.agencyName, address: settings.contactAddress, phone: settings.contactPhone, email: settings.contactEmail, logo },
      member: { name: `${member.firstName} ${member.lastName}`.trim(), phone: member.phone, email: member.email },
      bank: bank ? { holderName: bank.holderName, bankName: bank.bankName, iban: bank.iban, identityNumber: bank.identityNumber } : null,
      periods: payment.periods,
      grossCents: payment.grossCents,
      deductionsCents: payment.deductionsCents,
      netCents: payment.amountCents,
      footer: settings.invoiceFooter,
      stamp,
      signature,
    });
    return { contentType: 'application/pdf', data, filename: `invoice-${safeName(invoiceNumber ?? payment.id.slice(0, 8))}.pdf` };
  }

  return {
    /** 404 when the payment is not the member's: whether it exists is not revealed. */
    async assertCanChange(actor: AuthUser, paymentId: string): Promise<void> {
      assertInvoiceChangeable(await loadPayment(actor, paymentId, 'own'));
    },

    /** The custom upload when the payment uses one, else the generated PDF (numbered once approved). */
    async getInvoice(actor: AuthUser, paymentId: string, scope: InvoiceScope): Promise<InvoiceDownload> {
      const payment = await loadPayment(actor, paymentId, scope);
      if (payment.invoicePreference === 'custom' && payment.invoiceFileId) {
        const file = await findInvoiceFile(db, payment.id, payment.invoiceFileId);
        const data = file ? await storage.get(file.storageKey) : null;
        if (!file || !data) throw new AppError('NOT_FOUND');
        const { contentType } = toInvoiceFile(file);
        const name = payment.invoiceNumber ?? payment.id.slice(0, 8);
        return { contentType, data, filename: `invoice-${safeName(name)}.${invoiceFileExtension(contentType)}` };
      }
      return generate(payment);
    },

    async getInvoiceState(actor: AuthUser, paymentId: string, scope: InvoiceScope): Promise<InvoiceState> {
      return stateOf(await loadPayment(actor, paymentId, scope));
    },

    /**
     * Checks the file by content (and that its name and type agree), stores it under a generated
     * key, records it and makes it the payment's invoice. A refused file leaves nothing behind.
     * Storage is bounded (docs/decisions/007): the payment keeps its INVOICE_HISTORY_PER_PAYMENT
     * newest uploads (older ones are removed from the table and from storage), and the member's
     * kept uploads together stay within INVOICE_STORAGE_QUOTA_BYTES (else 413 INVOICE_STORAGE_FULL).
     */
    async uploadCustomInvoice(actor: AuthUser, paymentId: string, upload: UploadedInvoice, context: { ip: string }): Promise<InvoiceState> {
      const payment = await loadPayment(actor, paymentId, 'own');
      assertInvoiceChangeable(payment);
      const contentType = acceptInvoiceFile(upload.data, upload);
      if (!contentType) throw new AppError('FILE_TYPE_INVALID');
      // A picture is kept as uploaded, so it must be a whole picture, not a signature before other bytes.
      if (contentType !== 'application/pdf' && !(await isDecodableImage(upload.data))) throw new AppError('FILE_TYPE_INVALID');
      // Before writing anything: a member over the quota is refused without storing the file.
      await planStorage(db, payment, upload.data.length);
      const key = createStorageKey('invoices', invoiceFileExtension(contentType));
      await storage.put(key, upload.data);
      const now = clock.now();
      let removed: InvoiceFileRow[] = [];
      let state: InvoiceState;
      try {
        const updatedPayment = await db.transaction(async (tx) => {
          const locked = await lockPayment(tx, paymentId);
          if (!locked || locked.memberId !== actor.id) throw new AppError('NOT_FOUND');
          assertInvoiceChangeable(locked);
          await lockMemberInvoiceStorage(tx, locked.memberId);
          removed = await planStorage(tx, locked, upload.data.length);
          await deleteInvoiceFiles(
            tx,
            removed.map((file) => file.id),
          );
          const file = await insertInvoiceFile(tx, {
            paymentId,
            storageKey: key,
            contentType,
            sizeBytes: upload.data.length,
            sha256: createHash('sha256').update(upload.data).digest('hex'),
            uploadedBy: actor.id,
            uploadedAt: now,
          });
          const updated = await setPaymentInvoice(tx, paymentId, { invoicePreference: 'custom', invoiceFileId: file.id }, now);
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'invoice.custom',
            entityType: 'payment',
            entityId: paymentId,
            before: { invoicePreference: locked.invoicePreference, invoiceFileId: locked.invoiceFileId },
            after: {
              invoicePreference: 'custom',
              invoiceFileId: file.id,
              contentType,
              sizeBytes: upload.data.length,
              ...(removed.length > 0 ? { removedFileIds: removed.map((old) => old.id) } : {}),
            },
            ip: context.ip,
            at: now,
          });
          return updated;
        });
        state = await stateOf(updatedPayment);
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      // Only once the rows are gone: a failed delete leaves a file without a row, never a row without its file.
      for (const file of removed) {
        await storage.delete(file.storageKey).catch(() => undefined);
      }
      return state;
    },

    /** Back to the generated invoice; the uploads stay in the history. Already default: no change. */
    async useDefaultInvoice(actor: AuthUser, paymentId: string, context: { ip: string }): Promise<InvoiceState> {
      assertInvoiceChangeable(await loadPayment(actor, paymentId, 'own'));
      const now = clock.now();
      const payment = await db.transaction(async (tx) => {
        const locked = await lockPayment(tx, paymentId);
        if (!locked || locked.memberId !== actor.id) throw new AppError('NOT_FOUND');
        assertInvoiceChangeable(locked);
        if (locked.invoicePreference === 'default') return locked;
        const updated = await setPaymentInvoice(tx, paymentId, { invoicePreference: 'default', invoiceFileId: null }, now);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'invoice.default',
          entityType: 'payment',
          entityId: paymentId,
          before: { invoicePreference: locked.invoicePreference, invoiceFileId: locked.invoiceFileId },
          after: { invoicePreference: 'default', invoiceFileId: null },
          ip: context.ip,
          at: now,
        });
        return updated;
      });
      return stateOf(payment);
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
