import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MAX_BYTES, formatMoney } from '@agency/shared';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { uploadFile } from '../../../test/multipart.ts';
import { activityLog, bankDetails, invoiceFiles, payments, settings } from '../../db/schema.ts';
import type { PaymentRow } from '../../db/tables/payments.table.ts';
import { countStoredFiles, extractPdfText, insertPayment } from './invoice-test-support.ts';

const PASSWORD = 'Member!2026test';

/** A minimal PDF of exactly `size` bytes (a comment pads it; it still ends with %%EOF). */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%');
  const tail = Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x41), tail]);
}

describe('invoices', () => {
  let t: TestApp;
  let dataDir: string;
  let adminToken: string;
  let ayseToken: string;
  let otherToken: string;
  let ayseId: string;
  let png: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'agency-invoices-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    await createUser(t.db, { role: 'admin', email: 'admin@example.com', password: PASSWORD });
    const ayse = await createUser(t.db, { firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', phone: '+905320000002', locale: 'tr', password: PASSWORD });
    ayseId = ayse.id;
    await createUser(t.db, { firstName: 'Mehmet', lastName: 'Kaya', email: 'mehmet@example.com', password: PASSWORD });
    await t.db.insert(bankDetails).values({
      userId: ayse.id,
      holderName: 'Ayşe Yılmaz',
      identityNumber: '10000000146',
      bankName: 'Türkiye İş Bankası',
      iban: 'TR330006100519786457841326',
    });
    await t.db.insert(settings).values({ id: 1, agencyName: 'Yıldız Ajans', contactAddress: 'İstanbul', contactPhone: '+90 212 555 00 00', contactEmail: 'info@yildiz.example', invoiceFooter: 'Teşekkür ederiz — ödeme 15 gün içinde' });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', PASSWORD);
    ayseToken = await signInWithPassword(t.app, 'ayse@example.com', PASSWORD);
    otherToken = await signInWithPassword(t.app, 'mehmet@example.com', PASSWORD);
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } }).png().toBuffer();
  });
  afterAll(() => t.close());

  async function paymentRow(id: string): Promise<PaymentRow> {
    const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }

  /** A payment of Ayşe approved through the admin route, which gives its invoice number. */
  async function approvedPayment(values: Partial<Parameters<typeof insertPayment>[1]> = {}): Promise<PaymentRow> {
    const payment = await insertPayment(t.db, { memberId: ayseId, ...values, status: 'Pending' });
    const approved = await call(t.app, 'POST', `/api/admin/payments/${payment.id}/approve`, { token: adminToken });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return paymentRow(payment.id);
  }

  async function invoiceFileCount(paymentId?: string): Promise<number> {
    const query = t.db.select({ n: count() }).from(invoiceFiles);
    const [row] = paymentId ? await query.where(eq(invoiceFiles.paymentId, paymentId)) : await query;
    return Number(row?.n ?? 0);
  }

  it('answers 401 without a token', async () => {
    const payment = await insertPayment(t.db, { memberId: ayseId });
    for (const [method, url] of [
      ['GET', `/api/me/payments/${payment.id}/invoice`],
      ['PUT', `/api/me/payments/${payment.id}/invoice`],
      ['DELETE', `/api/me/payments/${payment.id}/invoice`],
      ['GET', `/api/admin/payments/${payment.id}/invoice`],
    ] as const) {
      expect((await call(t.app, method, url)).status, `${method} ${url}`).toBe(401);
    }
  });

  it('generates the PDF in the member’s language with Turkish letters, the DejaVu font embedded, number and amounts', async () => {
    const payment = await approvedPayment({ amountCents: 40_000, deductionsCents: 2_550, periods: ['2026-01', '2026-02'] });
    const response = await t.app.inject({ method: 'GET', url: `/api/me/payments/${payment.id}/invoice`, headers: { accesstoken: ayseToken } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoice-INV-\d+\.pdf"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).not.toContain('/Helvetica');

    const { invoiceNumber } = await paymentRow(payment.id);
    expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
    const text = await extractPdfText(pdf);
    expect(text).toContain('Ayşe Yılmaz');
    expect(text).toContain('İstanbul');
    expect(text).toContain('Yıldız Ajans');
    expect(text).toContain('Türkiye İş Bankası');
    expect(text).toContain(invoiceNumber!);
    expect(text).toContain('Fatura');
    expect(text).toContain('Net tutar');
    expect(text).toContain('Onaylandı');
    expect(text).toContain(formatMoney(40_000, 'tr'));
    expect(text).toContain(formatMoney(42_550, 'tr'));
    expect(text).toContain('Ocak 2026');
    expect(text).toContain('Şubat 2026');
    expect(text).toContain('TR33 0006 1005 1978 6457 8413 26');
    expect(text).toContain('•••••••0146');
    expect(text).not.toContain('10000000146');
    expect(text).toContain('Teşekkür ederiz');
  });

  it('numbers invoices at approval, in the order of the approvals; a download never numbers; a number never changes afterwards', async () => {
    const [before] = await t.db.select().from(settings);
    const start = before!.invoiceNextNumber;
    const first = await insertPayment(t.db, { memberId: ayseId, status: 'Pending' });
    const second = await insertPayment(t.db, { memberId: ayseId, status: 'Pending' });
    // Downloads before the approval: the PDF says the number comes with the approval, and none is given.
    for (const [scope, token, payment] of [['me', ayseToken, first], ['admin', adminToken, second]] as const) {
      const early = await t.app.inject({ method: 'GET', url: `/api/${scope}/payments/${payment.id}/invoice`, headers: { accesstoken: token } });
      expect(early.statusCode).toBe(200);
      expect(early.headers['content-disposition']).toBe(`attachment; filename="invoice-${payment.id.slice(0, 8)}.pdf"`);
      expect(await extractPdfText(early.rawPayload)).toContain('Onayda verilir');
      expect((await paymentRow(payment.id)).invoiceNumber).toBeNull();
    }
    expect((await t.db.select().from(settings))[0]!.invoiceNextNumber).toBe(start);

    // Numbered in the order of the approvals, not of the payments.
    for (const payment of [second, first]) {
      expect((await call(t.app, 'POST', `/api/admin/payments/${payment.id}/approve`, { token: adminToken })).status).toBe(200);
    }
    const pad = (n: number) => `INV-${String(n).padStart(6, '0')}`;
    expect((await paymentRow(second.id)).invoiceNumber).toBe(pad(start));
    expect((await paymentRow(first.id)).invoiceNumber).toBe(pad(start + 1));
    const [after] = await t.db.select().from(settings);
    expect(after!.invoiceNextNumber).toBe(start + 2);

    // Downloads (by the member and by an admin), marking paid and a later prefix change keep the number.
    await t.db.update(settings).set({ invoicePrefix: 'AJ/' });
    for (const token of [ayseToken, adminToken]) {
      const scope = token === adminToken ? 'admin' : 'me';
      const again = await t.app.inject({ method: 'GET', url: `/api/${scope}/payments/${second.id}/invoice`, headers: { accesstoken: token } });
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-disposition']).toBe(`attachment; filename="invoice-${pad(start)}.pdf"`);
      expect(await extractPdfText(again.rawPayload)).toContain(pad(start));
    }
    expect((await call(t.app, 'POST', `/api/admin/payments/${second.id}/paid`, { token: adminToken })).status).toBe(200);
    expect((await paymentRow(second.id)).invoiceNumber).toBe(pad(start));
    const [unchanged] = await t.db.select().from(settings);
    expect(unchanged!.invoiceNextNumber).toBe(start + 2);
    const third = await approvedPayment();
    expect(third.invoiceNumber).toBe(`AJ/${String(start + 2).padStart(6, '0')}`);
    await t.db.update(settings).set({ invoicePrefix: 'INV-' });
    const numbered = await t.db.select({ n: payments.invoiceNumber }).from(payments);
    const values = numbered.map((row) => row.n).filter(Boolean);
    expect(new Set(values).size).toBe(values.length);
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'invoice.number'));
    expect(logged.length).toBe(values.length);
  });

  it('gives concurrent approvals distinct consecutive numbers, one per payment', async () => {
    const [before] = await t.db.select().from(settings);
    const batch = await Promise.all([1, 2, 3].map(() => insertPayment(t.db, { memberId: ayseId, status: 'Waiting Approval' })));
    const responses = await Promise.all(batch.map((payment) => call(t.app, 'POST', `/api/admin/payments/${payment.id}/approve`, { token: adminToken })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const numbers = (await Promise.all(batch.map((payment) => paymentRow(payment.id)))).map((row) => row.invoiceNumber).sort();
    const start = before!.invoiceNextNumber;
    expect(numbers).toEqual([0, 1, 2].map((offset) => `INV-${String(start + offset).padStart(6, '0')}`));
    const [after] = await t.db.select().from(settings);
    expect(after!.invoiceNextNumber).toBe(start + 3);
  });

  it('prints the logo, stamp and signature uploaded in the settings', async () => {
    const image = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#036' } }).png().toBuffer();
    for (const kind of ['logo', 'stamp', 'signature']) {
      const response = await uploadFile(t.app, `/api/admin/settings/${kind}`, adminToken, { name: `${kind}.png`, type: 'image/png', data: image });
      expect(response.status, kind).toBe(200);
    }
    const payment = await insertPayment(t.db, { memberId: ayseId });
    const response = await t.app.inject({ method: 'GET', url: `/api/me/payments/${payment.id}/invoice`, headers: { accesstoken: ayseToken } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(3);
    const text = await extractPdfText(response.rawPayload);
    expect(text).toContain('Kaşe');
    expect(text).toContain('İmza');
    for (const kind of ['logo', 'stamp', 'signature']) {
      if (kind !== 'logo') expect((await call(t.app, 'DELETE', `/api/admin/settings/${kind}`, { token: adminToken })).status).toBe(200);
    }
  });

  it('hides another member’s invoice (404 on GET, PUT and DELETE, nothing changed); admins download any; members cannot use the admin path', async () => {
    const payment = await insertPayment(t.db, { memberId: ayseId });
    const url = `/api/me/payments/${payment.id}/invoice`;
    expect((await call(t.app, 'GET', url, { token: otherToken })).status).toBe(404);
    const stored = countStoredFiles(dataDir, 'invoices');
    const put = await uploadFile(t.app, url, otherToken, { name: 'invoice.pdf', type: 'application/pdf', data: pdfOfSize(2000) });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe('NOT_FOUND');
    expect((await call(t.app, 'DELETE', url, { token: otherToken })).status).toBe(404);
    expect(countStoredFiles(dataDir, 'invoices')).toBe(stored);
    expect(await invoiceFileCount(payment.id)).toBe(0);
    expect(await paymentRow(payment.id)).toMatchObject({ invoicePreference: 'default', invoiceNumber: null });
    expect((await call(t.app, 'GET', `/api/me/payments/00000000-0000-4000-8000-000000000000/invoice`, { token: ayseToken })).status).toBe(404);

    const admin = await t.app.inject({ method: 'GET', url: `/api/admin/payments/${payment.id}/invoice`, headers: { accesstoken: adminToken } });
    expect(admin.statusCode).toBe(200);
    expect(await extractPdfText(admin.rawPayload)).toContain('Ayşe Yılmaz');
    expect((await call(t.app, 'GET', `/api/admin/payments/${payment.id}/invoice`, { token: ayseToken })).status).toBe(403);
  });

  it.each([
    ['5 MB + 1 byte', { name: 'big.pdf', type: 'application/pdf', data: pdfOfSize(INVOICE_MAX_BYTES + 1) }, 413, 'FILE_TOO_LARGE', 'File size should not exceed 5MB'],
    ['a PNG renamed .pdf', { name: 'invoice.pdf', type: 'application/pdf', data: Buffer.alloc(0) }, 415, 'FILE_TYPE_INVALID', 'Please select a PDF or image file (JPG, PNG)'],
    ['a Windows executable renamed .png', { name: 'invoice.png', type: 'image/png', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]) }, 415, 'FILE_TYPE_INVALID', 'Please select a PDF or image file (JPG, PNG)'],
    ['an ELF executable renamed .png', { name: 'invoice.png', type: 'image/png', data: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(4096)]) }, 415, 'FILE_TYPE_INVALID', 'Please select a PDF or image file (JPG, PNG)'],
    ['an empty file', { name: 'invoice.pdf', type: 'application/pdf', data: Buffer.alloc(0) }, 415, 'FILE_TYPE_INVALID', 'Please select a PDF or image file (JPG, PNG)'],
  ])('refuses %s with the catalogue message and stores nothing', async (name, file, status, code, message) => {
    const upload = name === 'a PNG renamed .pdf' ? { ...file, data: png } : file;
    const payment = await insertPayment(t.db, { memberId: ayseId });
    const filesBefore = countStoredFiles(dataDir, 'invoices');
    const rowsBefore = await invoiceFileCount();
    const response = await uploadFile(t.app, `/api/me/payments/${payment.id}/invoice`, ayseToken, upload);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body).toMatchObject({ error: true, code, message });
    expect(JSON.stringify(response.body)).not.toMatch(/node_modules|\/work|at .*\.ts/);
    expect(countStoredFiles(dataDir, 'invoices')).toBe(filesBefore);
    expect(await invoiceFileCount()).toBe(rowsBefore);
    const after = await paymentRow(payment.id);
    expect(after).toMatchObject({ invoicePreference: 'default', invoiceFileId: null, updatedAt: payment.updatedAt });
  });

  it('accepts a PDF of exactly 5 MB, serves it back as a download, and switching to default keeps the history', async () => {
    const payment = await insertPayment(t.db, { memberId: ayseId });
    const url = `/api/me/payments/${payment.id}/invoice`;
    const pdf = pdfOfSize(INVOICE_MAX_BYTES);
    const filesBefore = countStoredFiles(dataDir, 'invoices');
    const uploaded = await uploadFile(t.app, url, ayseToken, { name: 'Fatura Ocak.pdf', type: 'application/pdf', data: pdf });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toMatchObject({ message: 'Custom invoice uploaded and set successfully', messageCode: 'INVOICE_CUSTOM_SET' });
    expect(uploaded.body.data).toMatchObject({ paymentId: payment.id, invoicePreference: 'custom', currentFile: { contentType: 'application/pdf', sizeBytes: INVOICE_MAX_BYTES } });
    expect(countStoredFiles(dataDir, 'invoices')).toBe(filesBefore + 1);
    const [file] = await t.db.select().from(invoiceFiles).where(eq(invoiceFiles.paymentId, payment.id));
    expect(file).toMatchObject({ contentType: 'application/pdf', sizeBytes: INVOICE_MAX_BYTES, uploadedBy: ayseId });
    expect(file!.storageKey).toMatch(/^invoices\/[0-9a-f-]{36}\.pdf$/);
    expect(await paymentRow(payment.id)).toMatchObject({ invoicePreference: 'custom', invoiceFileId: file!.id });

    for (const [scope, token] of [['me', ayseToken], ['admin', adminToken]] as const) {
      const served = await t.app.inject({ method: 'GET', url: `/api/${scope}/payments/${payment.id}/invoice`, headers: { accesstoken: token } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename="invoice-[A-Za-z0-9-]+\.pdf"$/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(pdf)).toBe(true);
    }

    // A second upload (an image) replaces it; then back to the default.
    t.clock.advanceSeconds(60);
    const second = await uploadFile(t.app, url, ayseToken, { name: 'scan.png', type: 'image/png', data: png });
    expect(second.status).toBe(200);
    const image = await t.app.inject({ method: 'GET', url, headers: { accesstoken: ayseToken } });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^attachment; filename=".+\.png"$/);

    const reset = await call(t.app, 'DELETE', url, { token: ayseToken });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ message: 'Successfully switched to default invoice', messageCode: 'INVOICE_DEFAULT_SET' });
    const state = reset.body.data as { invoicePreference: string; currentFile: unknown; history: { contentType: string }[] };
    expect(state.invoicePreference).toBe('default');
    expect(state.currentFile).toBeNull();
    expect(state.history.map((entry) => entry.contentType)).toEqual(['image/png', 'application/pdf']);
    expect(await invoiceFileCount(payment.id)).toBe(2);
    const stateAnswer = await call(t.app, 'GET', `${url}/state`, { token: ayseToken });
    expect(stateAnswer.body.data).toEqual(state);
    expect((await call(t.app, 'GET', `${url}/state`, { token: otherToken })).status).toBe(404);
    expect(countStoredFiles(dataDir, 'invoices')).toBe(filesBefore + 2);
    expect(await paymentRow(payment.id)).toMatchObject({ invoicePreference: 'default', invoiceFileId: null });
    const generated = await t.app.inject({ method: 'GET', url, headers: { accesstoken: ayseToken } });
    expect(generated.headers['content-type']).toBe('application/pdf');
    expect(await extractPdfText(generated.rawPayload)).toContain('Ayşe Yılmaz');
    // Switching again is harmless.
    expect((await call(t.app, 'DELETE', url, { token: ayseToken })).status).toBe(200);

    const actions = (await t.db.select().from(activityLog).where(eq(activityLog.entityId, payment.id))).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'invoice.custom')).toHaveLength(2);
    expect(actions.filter((action) => action === 'invoice.default')).toHaveLength(1);
  });

  it('freezes the invoice of a rejected payment (409), but still lets it be downloaded', async () => {
    const payment = await insertPayment(t.db, { memberId: ayseId, status: 'Rejected', reason: 'Duplicate request' });
    const url = `/api/me/payments/${payment.id}/invoice`;
    const put = await uploadFile(t.app, url, ayseToken, { name: 'invoice.png', type: 'image/png', data: png });
    expect(put.status).toBe(409);
    expect(put.body.code).toBe('INVOICE_LOCKED');
    expect((await call(t.app, 'DELETE', url, { token: ayseToken })).status).toBe(409);
    expect(await invoiceFileCount(payment.id)).toBe(0);
    const download = await t.app.inject({ method: 'GET', url, headers: { accesstoken: ayseToken } });
    expect(download.statusCode).toBe(200);
    expect(await extractPdfText(download.rawPayload)).toContain('Reddedildi');
  });

  it('refuses a request that is not multipart, or has no file field', async () => {
    const payment = await insertPayment(t.db, { memberId: ayseId });
    const url = `/api/me/payments/${payment.id}/invoice`;
    expect((await call(t.app, 'PUT', url, { token: ayseToken, body: { file: 'x' } })).status).toBe(415);
    const wrongField = await t.app.inject({
      method: 'PUT',
      url,
      headers: { accesstoken: ayseToken, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--b--\r\n',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'INVOICE_UPLOAD_FAILED', message: 'Error uploading invoice' });
  });
});
