import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators } from '../creators/creators.table.ts';

const PASSWORD = 'Export-pass-1';
const SHEETS = ['members', 'creators', 'monthly figures', 'payments', 'deductions'];

function cellTexts(row: ExcelJS.Row): unknown[] {
  return (row.values as unknown[]).slice(1);
}

describe('GET /api/admin/export.xlsx', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;

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

  it('is refused to a member', async () => {
    for (const url of ['/api/admin/export.xlsx', '/api/admin/backup']) {
      const response = await call(t.app, 'GET', url, { token: memberToken });
      expect(response.status, url).toBe(403);
    }
  });
});
