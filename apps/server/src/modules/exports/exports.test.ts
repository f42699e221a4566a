import type { Deduction, Payment } from '@agency/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import { deductions } from '../../db/tables/deductions.table.ts';
import { addBank, setMonthEarnings } from '../payments/payments.fixtures.ts';

const PASSWORD = 'Export-pass-1';
const SHEETS = ['members', 'creators', 'monthly figures', 'payments', 'deductions'];

function cellTexts(row: ExcelJS.Row): unknown[] {
  return (row.values as unknown[]).slice(1);
}

/** A sheet's data rows as records keyed by its header row (an empty cell reads as undefined). */
function sheetRecords(sheet: ExcelJS.Worksheet): Record<string, unknown>[] {
  const header = cellTexts(sheet.getRow(1)) as string[];
  const records = [];
  for (let index = 2; index <= sheet.rowCount; index += 1) {
    const cells = cellTexts(sheet.getRow(index));
    records.push(Object.fromEntries(header.map((name, column) => [name, cells[column]])));
  }
  return records;
}

describe('GET /api/admin/export.xlsx', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  let memberId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { firstName: 'Boss', email: 'boss@example.com', role: 'admin', password: PASSWORD });
    const member = await createUser(t.db, {
      firstName: '=HYPERLINK("http://x","y")',
      lastName: '@evil',
      phone: '+905321112233',
      email: 'member@example.com',
      password: PASSWORD,
    });
    memberId = member.id;
    const [creator] = await t.db.insert(creators).values({ tiktokUsername: 'star.one', name: '-1+1', ownerId: member.id }).returning();
    await t.db.insert(creatorMonths).values({ creatorId: creator!.id, period: '2026-03', diamonds: 123456, validDays: 9, liveSeconds: 36000 });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  async function downloadWorkbook() {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/export.xlsx', headers: { accesstoken: adminToken } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return { response, workbook };
  }

  it('is an attachment with a dated file name', async () => {
    const { response } = await downloadWorkbook();
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="agency-export-2026-03-18.xlsx"');
  });

  it('has one sheet per table, each with its English header row', async () => {
    const { workbook } = await downloadWorkbook();
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(SHEETS);
    for (const name of SHEETS) {
      const header = cellTexts(workbook.getWorksheet(name)!.getRow(1));
      // Every table's key first: creator months are keyed by creator and month.
      expect(header[0], name).toBe(name === 'monthly figures' ? 'creatorId' : 'id');
      expect(header.every((cell) => typeof cell === 'string' && /^[a-zA-Z]+$/.test(cell)), name).toBe(true);
    }
    expect(cellTexts(workbook.getWorksheet('payments')!.getRow(1))).toEqual(expect.arrayContaining(['amountCents', 'amountDollars']));
  });

  it('writes a formula-looking name as literal text with a leading apostrophe', async () => {
    const { workbook } = await downloadWorkbook();
    const members = workbook.getWorksheet('members')!;
    const header = cellTexts(members.getRow(1));
    const rows = [];
    for (let index = 2; index <= members.rowCount; index += 1) rows.push(cellTexts(members.getRow(index)));
    const member = rows.find((row) => row[header.indexOf('email')] === 'member@example.com')!;
    const firstName = members.getRow(rows.indexOf(member) + 2).getCell(header.indexOf('firstName') + 1);
    expect(firstName.type).toBe(ExcelJS.ValueType.String);
    expect(firstName.value).toBe(`'=HYPERLINK("http://x","y")`);
    expect(member[header.indexOf('lastName')]).toBe("'@evil");
    expect(member[header.indexOf('phone')]).toBe("'+905321112233");
    expect(member[header.indexOf('bankStatus')]).toBe('Not Verified');
    expect(header).not.toContain('passwordHash');

    const creatorsSheet = workbook.getWorksheet('creators')!;
    expect(creatorsSheet.getRow(2).getCell(3).value).toBe("'-1+1");
    const figures = workbook.getWorksheet('monthly figures')!;
    const figureHeader = cellTexts(figures.getRow(1));
    const figure = cellTexts(figures.getRow(2));
    expect(figure[figureHeader.indexOf('diamonds')]).toBe(123456);
    expect(figure[figureHeader.indexOf('tiktokUsername')]).toBe('star.one');
  });

  it('writes the payments and deductions with exact cents, dollars and a formula-safe reason', async () => {
    // Through the real flow: a verified bank, an ended month of $200, an admin deduction of $10,
    // then the member's request of $123.45, which consumes the open deduction.
    await addBank(t.db, memberId, true);
    await setMonthEarnings(t.db, memberId, '2026-02', 20_000);
    const addDeduction = async (amountCents: number, reason: string) => {
      const response = await call(t.app, 'POST', '/api/admin/deductions', { token: adminToken, body: { memberId, amountCents, reason } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data as Deduction;
    };
    const consumed = await addDeduction(1_000, '=1+1');
    const requested = await call(t.app, 'POST', '/api/me/payments', { token: memberToken, body: { amountCents: 12_345 } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const payment = requested.body.data as Payment;
    const open = await addDeduction(250, 'Late fee');
    const deleted = await addDeduction(99, 'Typo');
    expect((await call(t.app, 'DELETE', `/api/admin/deductions/${deleted.id}`, { token: adminToken })).status).toBe(200);

    const { workbook } = await downloadWorkbook();
    const paymentRows = sheetRecords(workbook.getWorksheet('payments')!);
    expect(paymentRows).toEqual([
      {
        id: payment.id,
        memberId,
        kind: 'request',
        status: 'Pending',
        amountCents: 12_345,
        amountDollars: 123.45,
        grossCents: 13_345,
        grossDollars: 133.45,
        deductionsCents: 1_000,
        deductionsDollars: 10,
        periods: '2026-02',
        runPeriod: undefined,
        notes: undefined,
        reason: undefined,
        invoicePreference: 'default',
        invoiceNumber: undefined,
        decidedBy: undefined,
        createdAt: '2026-03-18T10:00:00.000Z',
        updatedAt: '2026-03-18T10:00:00.000Z',
        paidAt: undefined,
      },
    ]);

    const deductionsSheet = workbook.getWorksheet('deductions')!;
    const deductionRows = sheetRecords(deductionsSheet);
    expect(deductionRows).toHaveLength(3);
    const byId = new Map(deductionRows.map((row) => [row.id, row]));
    expect(byId.get(consumed.id)).toMatchObject({
      memberId,
      amountCents: 1_000,
      amountDollars: 10,
      reason: "'=1+1",
      status: 'Consumed',
      paymentId: payment.id,
      createdAt: '2026-03-18T10:00:00.000Z',
      deletedAt: undefined,
    });
    expect(byId.get(open.id)).toMatchObject({ amountCents: 250, amountDollars: 2.5, reason: 'Late fee', status: 'Open', paymentId: undefined });
    expect(byId.get(deleted.id)).toMatchObject({ amountCents: 99, amountDollars: 0.99, status: 'Deleted', deletedAt: '2026-03-18T10:00:00.000Z' });
    // Primary-key order, and the formula-looking reason is a text cell, not a formula.
    expect(deductionRows.map((row) => row.id)).toEqual([...byId.keys()].sort());
    const header = cellTexts(deductionsSheet.getRow(1));
    const reasonCell = deductionsSheet.getRow(deductionRows.findIndex((row) => row.id === consumed.id) + 2).getCell(header.indexOf('reason') + 1);
    expect(reasonCell.type).toBe(ExcelJS.ValueType.String);
    expect(reasonCell.value).toBe("'=1+1");
  });

  it('lists every monthly figure once across read batches (keyed by creator and month)', async () => {
    // 400 creators x 3 months = 1,200 rows: batches of 1,000 end in the middle of a creator.
    const made = await t.db
      .insert(creators)
      .values(Array.from({ length: 400 }, (_, index) => ({ tiktokUsername: `batch.${index}` })))
      .returning({ id: creators.id });
    for (const period of ['2026-01', '2026-02', '2026-03']) {
      await t.db.insert(creatorMonths).values(made.map(({ id }, index) => ({ creatorId: id, period, diamonds: index })));
    }
    const { workbook } = await downloadWorkbook();
    const figures = workbook.getWorksheet('monthly figures')!;
    const header = cellTexts(figures.getRow(1));
    const keys: string[] = [];
    for (let index = 2; index <= figures.rowCount; index += 1) {
      const row = cellTexts(figures.getRow(index));
      keys.push(`${String(row[header.indexOf('creatorId')])}/${String(row[header.indexOf('period')])}`);
    }
    expect(keys).toHaveLength(1_201);
    expect(new Set(keys).size).toBe(1_201);
    expect(keys).toEqual([...keys].sort());
  });

  it('lists every deduction once across read batches (keyed by id)', async () => {
    // 1,100 rows: the deductions sheet reads 1,000 at a time, as the payments sheet does.
    const made = await t.db
      .insert(deductions)
      .values(Array.from({ length: 1_100 }, (_, index) => ({ memberId, amountCents: index + 1, reason: `batch ${index}` })))
      .returning({ id: deductions.id });
    const { workbook } = await downloadWorkbook();
    const ids = sheetRecords(workbook.getWorksheet('deductions')!).map((record) => String(record.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(made.map(({ id }) => id)));
    expect(ids).toEqual([...ids].sort());
  });

  it('is refused to a member', async () => {
    for (const url of ['/api/admin/export.xlsx', '/api/admin/backup']) {
      const response = await call(t.app, 'GET', url, { token: memberToken });
      expect(response.status, url).toBe(403);
    }
  });
});
