import { PAYOUT_BATCH_MAX, type Payment, type PaymentBatchResult } from '@agency/shared';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, bankDetails, notificationRecipients, notifications, payments } from '../../db/schema.ts';
import { insertPaymentInStatus, moneySnapshot, setMonthEarnings } from './payments.fixtures.ts';

/**
 * Issue 17: the transfer list for the bank and one "mark as paid" for a batch of approved
 * payments (POST /api/admin/payments/transfer-list, POST /api/admin/payments/paid).
 */

const PASSWORD = 'Payout-batch-pass-1';
const isPostgres = process.env.TEST_DB === 'postgres';

/** A checksum-valid Turkish IBAN for a 16-digit account number (ISO 13616: mod 97). */
function turkishIban(account: string): string {
  const bban = `00061${'0'}${account.padStart(16, '0')}`;
  const numeric = `${bban}2927` + '00'; // T = 29, R = 27, then 00
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `TR${String(check).padStart(2, '0')}${bban}`;
}

interface Someone {
  id: string;
  token: string;
  holderName: string;
  bankName: string;
  iban: string;
}

async function member(t: TestApp, name: string, bank: { holderName: string; bankName: string; account: string; verified: boolean }): Promise<Someone> {
  const user = await createUser(t.db, { email: `${name}@example.com`, password: PASSWORD, firstName: name, lastName: 'Payee' });
  const iban = turkishIban(bank.account);
  await t.db.insert(bankDetails).values({
    userId: user.id,
    holderName: bank.holderName,
    identityNumber: '10000000146',
    bankName: bank.bankName,
    iban,
    verifiedAt: bank.verified ? new Date('2026-01-01T00:00:00Z') : null,
  });
  return { id: user.id, token: await signInWithPassword(t.app, `${name}@example.com`, PASSWORD), holderName: bank.holderName, bankName: bank.bankName, iban };
}

/** The POST as the browser sends it; the raw answer (a file or the error envelope). */
async function post(app: FastifyInstance, url: string, body: unknown, token?: string) {
  return app.inject({ method: 'POST', url, payload: body as object, headers: token ? { accesstoken: token } : {} });
}

async function readXlsx(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: { values: unknown[]; numFmt: string | undefined }[] = [];
  sheet.eachRow((row) => rows.push({ values: (row.values as unknown[]).slice(1), numFmt: row.getCell(4).numFmt }));
  return { name: sheet.name, rows };
}

async function activityCount(t: TestApp, action: string, entityId?: string): Promise<number> {
  return t.db.$count(activityLog, and(eq(activityLog.action, action), entityId ? eq(activityLog.entityId, entityId) : undefined));
}

/** Notifications telling `memberId` that a payment is now `status`. */
async function statusNotifications(t: TestApp, memberId: string, status: string): Promise<number> {
  const rows = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
    .where(and(eq(notificationRecipients.userId, memberId), eq(notifications.template, 'paymentStatus'), sql`${notifications.params}->>'status' = ${status}`));
  return rows.length;
}

describe('payments: the transfer list and the batch "mark as paid" (issue 17)', () => {
  let t: TestApp;
  let admin = '';
  let adminTr = '';
  let adminId = '';
  const m: Record<string, Someone> = {};
  /** Approved through the API (request, approve): each has an invoice number. */
  const approved: Record<string, Payment> = {};
  let inserted = '';
  let pending = '';
  let unverifiedApproved = '';

  async function approvedPayment(who: string, amountCents: number): Promise<Payment> {
    const sent = await call(t.app, 'POST', '/api/me/payments', { token: m[who]!.token, body: { amountCents } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = (sent.body.data as Payment).id;
    const answer = await call(t.app, 'POST', `/api/admin/payments/${id}/approve`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Payment;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-03-18T10:00:00Z') });
    adminId = (await createUser(t.db, { role: 'admin', email: 'admin.batch@example.com', password: PASSWORD, locale: 'en' })).id;
    admin = await signInWithPassword(t.app, 'admin.batch@example.com', PASSWORD);
    await createUser(t.db, { role: 'admin', email: 'admin.tr@example.com', password: PASSWORD, locale: 'tr' });
    adminTr = await signInWithPassword(t.app, 'admin.tr@example.com', PASSWORD);

    m.ada = await member(t, 'ada', { holderName: 'Ada Şahin', bankName: 'T.C. Ziraat Bankası', account: '1234567890123456', verified: true });
    m.bob = await member(t, 'bob', { holderName: 'Bob "Bobby" Öz, Jr.', bankName: 'Garanti BBVA', account: '2222333344445555', verified: true });
    // A name a spreadsheet would run as a formula: it must be shown, never run.
    m.eve = await member(t, 'eve', { holderName: '=HYPERLINK("http://evil.test","Eve")', bankName: '+Bank', account: '9999000011112222', verified: true });
    m.cem = await member(t, 'cem', { holderName: 'Cem Kaya', bankName: 'Akbank', account: '5555666677778888', verified: true });
    m.pia = await member(t, 'pia', { holderName: 'Pia Pending', bankName: 'Akbank', account: '1111000011110000', verified: true });
    m.uwe = await member(t, 'uwe', { holderName: 'Uwe Changed', bankName: 'Akbank', account: '4444000044440000', verified: true });
    for (const [who, cents] of [['ada', 12_345], ['bob', 6_789], ['eve', 5_001], ['cem', 9_999], ['pia', 7_000], ['uwe', 8_000]] as const) {
      await setMonthEarnings(t.db, m[who]!.id, '2026-02', cents);
    }
    approved.ada = await approvedPayment('ada', 12_345);
    approved.bob = await approvedPayment('bob', 6_789);
    approved.eve = await approvedPayment('eve', 5_001);
    approved.cem = await approvedPayment('cem', 9_999);
    // Pia's request is not approved yet.
    const sent = await call(t.app, 'POST', '/api/me/payments', { token: m.pia.token, body: { amountCents: 7_000 } });
    pending = (sent.body.data as Payment).id;
    // Uwe changed his bank details after the approval: they are not verified any more.
    unverifiedApproved = (await approvedPayment('uwe', 8_000)).id;
    await t.db.update(bankDetails).set({ verifiedAt: null }).where(eq(bankDetails.userId, m.uwe.id));
    // Approved before invoice numbers followed approvals: no number, the reference is the payment id.
    inserted = (await insertPaymentInStatus(t.db, m.cem.id, 'Approved', 'request')).id;
  });
  afterAll(() => t.close());

  it('the admin list shows the account holder, the bank and the full IBAN with the bank status', async () => {
    const list = await call(t.app, 'GET', '/api/admin/payments?status=Approved&pageSize=100', { token: admin });
    expect(list.status).toBe(200);
    const items = (list.body.data as { items: Payment[] }).items;
    expect(items.find((item) => item.id === approved.ada!.id)?.bank).toEqual({ holderName: 'Ada Şahin', bankName: 'T.C. Ziraat Bankası', iban: m.ada!.iban, bankStatus: 'Verified' });
    expect(items.find((item) => item.id === unverifiedApproved)?.bank).toMatchObject({ iban: m.uwe!.iban, bankStatus: 'Not Verified' });
    // A member's own list never carries bank details of anybody.
    const own = await call(t.app, 'GET', '/api/me/payments', { token: m.ada!.token });
    expect((own.body.data as { items: Payment[] }).items.every((item) => item.bank === undefined)).toBe(true);
  });

  it('downloads the .xlsx: holder, IBAN, bank, exact amount and reference of each approved payment, headers in the admin\'s language', async () => {
    const ids = [approved.ada!.id, approved.bob!.id, approved.eve!.id, inserted];
    const response = await post(t.app, '/api/admin/payments/transfer-list', { ids, format: 'xlsx' }, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="agency-transfer-list-2026-03-18.xlsx"');
    const sheet = await readXlsx(response.rawPayload);
    expect(sheet.name).toBe('Transfers');
    expect(sheet.rows.map((row) => row.values)).toEqual([
      ['Account holder', 'IBAN', 'Bank', 'Amount (USD)', 'Reference'],
      ['Ada Şahin', m.ada!.iban, 'T.C. Ziraat Bankası', 123.45, approved.ada!.invoiceNumber],
      ['Bob "Bobby" Öz, Jr.', m.bob!.iban, 'Garanti BBVA', 67.89, approved.bob!.invoiceNumber],
      [`'=HYPERLINK("http://evil.test","Eve")`, m.eve!.iban, "'+Bank", 50.01, approved.eve!.invoiceNumber],
      ['Cem Kaya', m.cem!.iban, 'Akbank', 60, inserted],
    ]);
    for (const payment of [approved.ada!, approved.bob!, approved.eve!]) expect(payment.invoiceNumber).toMatch(/\S/);
    // The amount is a number shown with two decimals, and the numbers are the integer cents exactly.
    expect(sheet.rows.slice(1).map((row) => row.numFmt)).toEqual(['#,##0.00', '#,##0.00', '#,##0.00', '#,##0.00']);
    expect(sheet.rows.slice(1).map((row) => Math.round((row.values[3] as number) * 100))).toEqual([12_345, 6_789, 5_001, 6_000]);
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'payment.transferList'));
    expect(entry).toMatchObject({ actorId: adminId, entityType: 'payment', after: { format: 'xlsx', count: 4, totalCents: 12_345 + 6_789 + 5_001 + 6_000, paymentIds: ids } });
  });

  it('downloads the .csv likewise (comma, point decimals, quoted where needed), in Turkish for a Turkish admin', async () => {
    const ids = [approved.bob!.id, approved.eve!.id, approved.cem!.id];
    const response = await post(t.app, '/api/admin/payments/transfer-list', { ids, format: 'csv' }, adminTr);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="agency-transfer-list-2026-03-18.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.rawPayload, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['Hesap sahibi', 'IBAN', 'Banka', 'Tutar (USD)', 'Referans'],
      ['Bob "Bobby" Öz, Jr.', m.bob!.iban, 'Garanti BBVA', '67.89', approved.bob!.invoiceNumber],
      [`'=HYPERLINK("http://evil.test","Eve")`, m.eve!.iban, "'+Bank", '50.01', approved.eve!.invoiceNumber],
      ['Cem Kaya', m.cem!.iban, 'Akbank', '99.99', approved.cem!.invoiceNumber],
    ]);
    expect(await activityCount(t, 'payment.transferList')).toBe(2);
  });

  it('refuses the whole list, producing nothing, for a payment that is not approved, unknown, or without verified bank details', async () => {
    const before = await activityCount(t, 'payment.transferList');
    const cases: [string[], number, string, string][] = [
      [[approved.ada!.id, pending], 409, 'PAYMENTS_NOT_APPROVED', pending],
      [[approved.ada!.id, '00000000-0000-4000-8000-000000000000'], 404, 'NOT_FOUND', '00000000-0000-4000-8000-000000000000'],
      [[approved.ada!.id, unverifiedApproved], 409, 'PAYMENT_BANK_NOT_VERIFIED', unverifiedApproved],
    ];
    for (const [ids, status, code, culprit] of cases) {
      for (const format of ['xlsx', 'csv']) {
        const response = await post(t.app, '/api/admin/payments/transfer-list', { ids, format }, admin);
        expect([response.statusCode, response.json().code], code).toEqual([status, code]);
        expect(response.headers['content-disposition']).toBeUndefined();
        expect(response.json().details).toEqual([expect.objectContaining({ path: culprit })]);
      }
    }
    expect(await activityCount(t, 'payment.transferList')).toBe(before);
  });

  it('validates the request: 1 to 500 distinct ids, a known format, no other fields', async () => {
    const id = approved.ada!.id;
    const many = Array.from({ length: PAYOUT_BATCH_MAX + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    for (const body of [
      { ids: [], format: 'csv' },
      { ids: many, format: 'csv' },
      { ids: [id, id], format: 'csv' },
      { ids: ['not-a-uuid'], format: 'csv' },
      { ids: [id], format: 'pdf' },
      { ids: [id], format: 'csv', sheet: 'x' },
      { ids: [id] },
    ]) {
      const response = await post(t.app, '/api/admin/payments/transfer-list', body, admin);
      expect([response.statusCode, response.json().code], JSON.stringify(body).slice(0, 80)).toEqual([400, 'VALIDATION_FAILED']);
    }
    for (const body of [{ ids: [] }, { ids: many }, { ids: [id, id] }, { ids: [id], force: true }]) {
      const response = await post(t.app, '/api/admin/payments/paid', body, admin);
      expect([response.statusCode, response.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.status).toBe('Approved');
  });

  it('a batch with one payment that is not approved, or unknown, changes nothing', async () => {
    const members = [m.ada!.id, m.bob!.id, m.pia!.id];
    const before = await Promise.all(members.map((id) => moneySnapshot(t.db, id)));
    const paidEntries = await activityCount(t, 'payment.paid');
    const refused = await call(t.app, 'POST', '/api/admin/payments/paid', { token: admin, body: { ids: [approved.ada!.id, approved.bob!.id, pending] } });
    expect([refused.status, refused.body.code]).toEqual([409, 'PAYMENTS_NOT_APPROVED']);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: pending })]);
    const unknown = await call(t.app, 'POST', '/api/admin/payments/paid', { token: admin, body: { ids: [approved.ada!.id, '00000000-0000-4000-8000-000000000000'] } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(await Promise.all(members.map((id) => moneySnapshot(t.db, id)))).toEqual(before);
    expect(await activityCount(t, 'payment.paid')).toBe(paidEntries);
    expect(await statusNotifications(t, m.ada!.id, 'Paid')).toBe(0);
  });

  it('marks exactly the chosen payments Paid in one action: one activity entry and one notification each; the others are untouched', async () => {
    const chosen = [approved.ada!, approved.bob!, approved.eve!];
    const others = [m.cem!.id, m.pia!.id, m.uwe!.id];
    const othersBefore = await Promise.all(others.map((id) => moneySnapshot(t.db, id)));
    const response = await call(t.app, 'POST', '/api/admin/payments/paid', { token: admin, body: { ids: chosen.map((payment) => payment.id) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.messageCode).toBe('PAYMENTS_PAID');
    const result = response.body.data as PaymentBatchResult;
    expect(result.count).toBe(3);
    expect(result.totalCents).toBe(12_345 + 6_789 + 5_001);
    expect(result.payments.map((payment) => [payment.id, payment.status, payment.paidAt])).toEqual(
      chosen.map((payment) => [payment.id, 'Paid', '2026-03-18T10:00:00.000Z']),
    );
    for (const payment of chosen) {
      const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row).toMatchObject({ status: 'Paid', invoiceNumber: payment.invoiceNumber });
      expect(await activityCount(t, 'payment.paid', payment.id)).toBe(1);
      expect(await statusNotifications(t, payment.memberId, 'Paid')).toBe(1);
    }
    expect(await Promise.all(others.map((id) => moneySnapshot(t.db, id)))).toEqual(othersBefore);
    expect(await activityCount(t, 'payment.paid')).toBe(3);
  });

  it('the same request again (a double click, a second admin) is refused and pays nobody twice', async () => {
    const ids = [approved.ada!.id, approved.bob!.id, approved.eve!.id];
    const before = await Promise.all([m.ada!.id, m.bob!.id, m.eve!.id].map((id) => moneySnapshot(t.db, id)));
    const again = await call(t.app, 'POST', '/api/admin/payments/paid', { token: adminTr, body: { ids } });
    expect([again.status, again.body.code]).toEqual([409, 'PAYMENTS_NOT_APPROVED']);
    expect(await Promise.all([m.ada!.id, m.bob!.id, m.eve!.id].map((id) => moneySnapshot(t.db, id)))).toEqual(before);
    expect(await activityCount(t, 'payment.paid')).toBe(3);
    for (const id of [m.ada!.id, m.bob!.id, m.eve!.id]) expect(await statusNotifications(t, id, 'Paid')).toBe(1);
    // Paid payments cannot go on a transfer list any more either.
    const list = await post(t.app, '/api/admin/payments/transfer-list', { ids: [approved.ada!.id], format: 'csv' }, admin);
    expect([list.statusCode, list.json().code]).toEqual([409, 'PAYMENTS_NOT_APPROVED']);
  });

  it('members get 403 and anonymous callers 401 on both routes', async () => {
    const routes = [
      ['/api/admin/payments/transfer-list', { ids: [approved.cem!.id], format: 'csv' }],
      ['/api/admin/payments/paid', { ids: [approved.cem!.id] }],
    ] as const;
    for (const [url, body] of routes) {
      expect((await post(t.app, url, body, m.cem!.token)).statusCode, url).toBe(403);
      expect((await post(t.app, url, body)).statusCode, url).toBe(401);
    }
    const [row] = await t.db.select().from(payments).where(eq(payments.id, approved.cem!.id));
    expect(row!.status).toBe('Approved');
  });
});

describe.skipIf(!isPostgres)('payments: two admins mark the same batch paid at once (PostgreSQL, two app instances)', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let admin = '';
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-03-18T10:00:00Z') });
    second = await buildApp({ env: t.env, database: t.database, clock: t.clock, logger: false });
    await second.ready();
    await createUser(t.db, { role: 'admin', email: 'admin.race@example.com', password: PASSWORD });
    admin = await signInWithPassword(t.app, 'admin.race@example.com', PASSWORD);
    for (let index = 0; index < 8; index += 1) {
      const user = await createUser(t.db);
      ids.push((await insertPaymentInStatus(t.db, user.id, 'Approved', 'request')).id);
    }
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('one answers 200, the other 409; each payment is paid and logged once', async () => {
    const reversed = [...ids].reverse();
    const results = await Promise.all([
      call(t.app, 'POST', '/api/admin/payments/paid', { token: admin, body: { ids } }),
      call(second, 'POST', '/api/admin/payments/paid', { token: admin, body: { ids: reversed } }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    for (const id of ids) {
      expect(await t.db.$count(activityLog, and(eq(activityLog.entityId, id), eq(activityLog.action, 'payment.paid')))).toBe(1);
    }
    expect(await t.db.$count(payments, eq(payments.status, 'Paid'))).toBe(8);
  });
});
