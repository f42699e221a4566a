import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { INVOICE_HISTORY_PER_PAYMENT, INVOICE_STORAGE_QUOTA_BYTES } from '@agency/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFiles, payments } from '../../src/db/schema.ts';
import { countStoredFiles } from '../../src/modules/invoices/invoice-test-support.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { uploadFile } from '../multipart.ts';
import { createSecurityFixture, minimalPdf, type SecurityFixture } from './fixture.ts';

/**
 * Issue 15 item 2: custom invoice uploads cannot fill the disk. A payment keeps its newest
 * INVOICE_HISTORY_PER_PAYMENT uploads (older ones leave the table and the storage), and each
 * member's kept uploads stay within INVOICE_STORAGE_QUOTA_BYTES: an upload beyond it is refused
 * with 413 INVOICE_STORAGE_FULL and stores nothing.
 */
describe('invoice uploads: bounded history per payment and a quota per member', () => {
  let t: TestApp;
  let fx: SecurityFixture;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = `${tmpdir()}/agency-security-invoice-storage-${process.pid}-${Date.now()}`;
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    fx = await createSecurityFixture(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A PDF the upload accepts, different each time (so each upload is a new file). */
  function pdf(label: string, padding = 0): Buffer {
    return Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n%${'A'.repeat(padding)}\n`), minimalPdf().subarray(9)]);
  }

  async function newPayment(memberId: string): Promise<string> {
    const [row] = await t.db
      .insert(payments)
      .values({ memberId, amountCents: 5000, grossCents: 5000, deductionsCents: 0, status: 'Approved', kind: 'request', periods: ['2026-02'] })
      .returning();
    return row!.id;
  }

  it('a replaced upload is removed from storage once the payment has more than its short history', async () => {
    const paymentId = await newPayment(fx.memberA.id);
    const url = `/api/me/payments/${paymentId}/invoice`;
    const storedBefore = countStoredFiles(dataDir, 'invoices');
    for (let upload = 1; upload <= INVOICE_HISTORY_PER_PAYMENT + 2; upload += 1) {
      const response = await uploadFile(t.app, url, fx.memberA.token, { name: `invoice-${upload}.pdf`, type: 'application/pdf', data: pdf(`upload ${upload}`) });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      t.clock.advanceSeconds(1);
      const state = response.body.data as { history: { id: string }[]; currentFile: { id: string } | null };
      expect(state.history.length).toBe(Math.min(upload, INVOICE_HISTORY_PER_PAYMENT));
      expect(state.currentFile?.id).toBe(state.history[0]!.id);
    }
    const rows = await t.db.select().from(invoiceFiles).where(eq(invoiceFiles.paymentId, paymentId));
    expect(rows).toHaveLength(INVOICE_HISTORY_PER_PAYMENT);
    // On disk: this payment's files are its kept rows, nothing more.
    expect(countStoredFiles(dataDir, 'invoices') - storedBefore).toBe(INVOICE_HISTORY_PER_PAYMENT);

    // The upload in use is still the one downloaded.
    const download = await t.app.inject({ method: 'GET', url, headers: { accesstoken: fx.memberA.token } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString('latin1')).toContain(`upload ${INVOICE_HISTORY_PER_PAYMENT + 2}`);
  });

  it('a member over the storage quota is refused with a clear message, and nothing is stored', async () => {
    // Member B already keeps (nearly) the quota in invoices of another payment.
    const fullPayment = await newPayment(fx.memberB.id);
    const kept = INVOICE_STORAGE_QUOTA_BYTES - 1000;
    const parts = 11;
    for (let part = 0; part < parts; part += 1) {
      await t.db.insert(invoiceFiles).values({
        paymentId: fullPayment,
        storageKey: `invoices/${randomUUID()}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: part === parts - 1 ? kept - Math.floor(kept / parts) * (parts - 1) : Math.floor(kept / parts),
        sha256: '0'.repeat(64),
        uploadedBy: fx.memberB.id,
      });
    }
    const paymentId = await newPayment(fx.memberB.id);
    const url = `/api/me/payments/${paymentId}/invoice`;
    const storedBefore = countStoredFiles(dataDir, 'invoices');

    const refused = await uploadFile(t.app, url, fx.memberB.token, { name: 'big.pdf', type: 'application/pdf', data: pdf('too much', 2000) });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      error: true,
      code: 'INVOICE_STORAGE_FULL',
      message: 'Your invoice storage is full (at most 50 MB); please upload a smaller file or contact the agency',
    });
    expect(countStoredFiles(dataDir, 'invoices')).toBe(storedBefore);
    expect(await t.db.$count(invoiceFiles, eq(invoiceFiles.paymentId, paymentId))).toBe(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ invoicePreference: 'default', invoiceFileId: null });

    // What still fits is accepted.
    const fits = await uploadFile(t.app, url, fx.memberB.token, { name: 'small.pdf', type: 'application/pdf', data: pdf('fits') });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);

    // Member A's uploads are not counted against member B, nor B's against A.
    const other = await newPayment(fx.memberA.id);
    const accepted = await uploadFile(t.app, `/api/me/payments/${other}/invoice`, fx.memberA.token, { name: 'a.pdf', type: 'application/pdf', data: pdf('A', 2000) });
    expect(accepted.status).toBe(200);
  });

  it('two uploads at once cannot both pass the quota', async () => {
    const memberId = fx.memberB.id;
    const first = await newPayment(memberId);
    const second = await newPayment(memberId);
    // About 900 bytes are left: each upload alone fits, both together do not.
    const data = pdf('race', 500);
    const answers = await Promise.all(
      [first, second].map((paymentId) => uploadFile(t.app, `/api/me/payments/${paymentId}/invoice`, fx.memberB.token, { name: 'r.pdf', type: 'application/pdf', data })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 413]);
  });
});
