import { readdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CellValue } from './backstage-values.ts';
import { UploadFileError } from './upload-file-error.ts';
import { buildZip } from './uploads-test-support.ts';
import { decodeXmlText, parseSharedStrings, readXlsxRows } from './xlsx-reader.ts';
import { readZipDirectory } from './zip-guard.ts';

const fixtures = new URL('./fixtures/', import.meta.url);

/** The oracle: exceljs's streaming reader, first sheet, values as the import used to get them. */
async function exceljsRows(data: Buffer): Promise<[number, CellValue[]][]> {
  const plain = (value: unknown): CellValue => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
    const object = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join('');
    if ('result' in object) return plain(object.result);
    if (typeof object.text === 'string') return object.text;
    return null;
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  const rows: [number, CellValue[]][] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = row.values as unknown[];
      const cells: CellValue[] = [];
      for (let index = 1; index < values.length; index += 1) cells.push(plain(values[index]));
      rows.push([row.number, cells]);
    }
    break;
  }
  return rows;
}

async function ourRows(data: Buffer): Promise<[number, CellValue[]][]> {
  const rows: [number, CellValue[]][] = [];
  await readXlsxRows(data, (number, cells) => {
    rows.push([number, cells]);
    return true;
  });
  return rows;
}

/** The entries of a zip, inflated (to rebuild it with one entry changed). */
function unzip(data: Buffer): { name: string; content: Buffer }[] {
  return readZipDirectory(data).map((entry) => {
    const start = entry.localOffset + 30 + data.readUInt16LE(entry.localOffset + 26) + data.readUInt16LE(entry.localOffset + 28);
    const stored = data.subarray(start, start + entry.compressedSize);
    return { name: entry.name, content: entry.method === 0 ? stored : inflateRawSync(stored) };
  });
}

function rezip(entries: readonly { name: string; content: Buffer }[]): Buffer {
  return buildZip(entries.map(({ name, content }) => ({ name, stored: deflateRawSync(content), declaredSize: content.length })));
}

const MIXED_ROWS: unknown[][] = [
  ['Exported at 2026-09-16 08:37 UTC+0'],
  ["Creator's username", 'Diamonds', 'LIVE duration', 'Valid go LIVE days', 'Note', 'Flag'],
  ['star.one', 2_980_000, '119h 47m 31s', 21, 'Tom & Jerry <3 "quoted" \'single\'', true],
  ['yıldız.kedi', 1.5, '3sa 30dk', 3, 'Çağrı Işık Öğün Şule Ü', false],
  ['gap.row', null, null, 7, null, null],
  [],
  ['dates', new Date(Date.UTC(2026, 8, 15, 21, 4)), 45_000.25, -3, '  spaced  ', 0],
  ['rich', { richText: [{ text: 'bold ' , font: { bold: true } }, { text: 'and plain' }] }, { formula: '1+1', result: 2 }, { formula: '"a"&"b"', result: 'ab' }, { error: '#N/A' }, 'x'],
];

async function writeWorkbook(rows: readonly unknown[][], options: { streaming: boolean }): Promise<Buffer> {
  if (options.streaming) {
    const chunks: Buffer[] = [];
    const stream = new (await import('node:stream')).PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Creator data');
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
    return Buffer.concat(chunks);
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Creator data');
  for (const row of rows) sheet.addRow(row);
  sheet.getCell('H3').value = 'sparse far column';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('xlsx reader: the same rows as exceljs', () => {
  const files = readdirSync(fixtures).filter((name) => name.endsWith('.xlsx'));

  it.each(files)('fixture %s', async (name) => {
    const data = readFileSync(new URL(name, fixtures));
    expect(await ourRows(data)).toEqual(await exceljsRows(data));
  });

  it('a workbook with shared strings (rich text, numbers, dates, booleans, formulas, errors, blanks, Turkish letters, entities)', async () => {
    const data = await writeWorkbook(MIXED_ROWS, { streaming: false });
    expect(unzip(data).some((entry) => entry.name === 'xl/sharedStrings.xml')).toBe(true);
    const rows = await ourRows(data);
    expect(rows).toEqual(await exceljsRows(data));
    expect(rows[2]![1][4]).toBe('Tom & Jerry <3 "quoted" \'single\'');
    expect(rows[3]![1][0]).toBe('yıldız.kedi');
    expect(rows[4]![1]).toEqual(['gap.row', null, null, 7]);
    expect(rows.find(([, cells]) => cells[0] === 'rich')![1].slice(0, 2)).toEqual(['rich', 'bold and plain']);
  });

  it('a workbook with inline strings (the streaming writer)', async () => {
    const data = await writeWorkbook(MIXED_ROWS.filter((row) => !row.some((cell) => cell && typeof cell === 'object' && 'richText' in cell)), { streaming: true });
    expect(await ourRows(data)).toEqual(await exceljsRows(data));
  });

  it('stops when the sink says so', async () => {
    const data = await writeWorkbook(MIXED_ROWS, { streaming: false });
    const seen: number[] = [];
    await readXlsxRows(data, (number) => {
      seen.push(number);
      return seen.length < 2;
    });
    expect(seen).toEqual([1, 2]);
  });
});

describe('xlsx reader: XML details', () => {
  it('decodes named and numeric entities', () => {
    expect(decodeXmlText('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#351;&#x131;&#x1F600; line\r\nend')).toBe('a & b <c> "d" \'e\' şı😀 line\nend');
  });

  it('shared strings: every <t> of an item, phonetic runs left out, empty items kept', () => {
    const xml =
      '<sst xmlns="x"><si><t>plain</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">rich </t></r><r><t>text</t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></si><si/><si><t/></si></sst>';
    expect(parseSharedStrings(xml)).toEqual(['plain', 'rich text', '', '']);
  });

  it('namespace prefixes, cells and rows without r, self-closing cells, inline rich text, t="d"', async () => {
    const sheet =
      '<?xml version="1.0"?><x:worksheet xmlns:x="main"><x:sheetData>' +
      '<x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:r><x:t>a</x:t></x:r><x:r><x:t>b</x:t></x:r></x:is></x:c><x:c/><x:c t="b"><x:v>1</x:v></x:c></x:row>' +
      '<x:row><x:c t="n"><x:v>4.5</x:v></x:c><x:c t="e"><x:v>#DIV/0!</x:v></x:c><x:c t="d"><x:v>2026-09-15T21:04:00Z</x:v></x:c></x:row>' +
      '<x:row r="9"/>' +
      '</x:sheetData></x:worksheet>';
    const data = rezip([
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook xmlns:r="rels"><sheets><sheet name="A" sheetId="1" r:id="rId7"/></sheets></workbook>') },
      { name: 'xl/_rels/workbook.xml.rels', content: Buffer.from('<Relationships><Relationship Id="rId7" Type="x/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>') },
      { name: 'xl/worksheets/data.xml', content: Buffer.from(sheet) },
    ]);
    expect(await ourRows(data)).toEqual([
      [2, [null, 'ab', null, true]],
      [3, [4.5, null, new Date('2026-09-15T21:04:00Z')]],
      [9, []],
    ]);
  });

  it('a sheet whose XML is cut short: UPLOAD_CORRUPT', async () => {
    const entries = unzip(await writeWorkbook(MIXED_ROWS, { streaming: false }));
    const truncated = entries.map((entry) =>
      entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, content: entry.content.subarray(0, Math.floor(entry.content.length * 0.6)) } : entry,
    );
    const error = await readXlsxRows(rezip(truncated), () => true).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadFileError);
    expect(error).toMatchObject({ code: 'UPLOAD_CORRUPT' });
  });

  it('a sheet that inflates to more than it declares: UPLOAD_ZIP_BOMB, and no row past the declared size is read', async () => {
    const entries = unzip(await writeWorkbook(MIXED_ROWS, { streaming: false }));
    const data = buildZip(
      entries.map(({ name, content }) => ({ name, stored: deflateRawSync(content), declaredSize: name === 'xl/worksheets/sheet1.xml' ? 10 : content.length })),
    );
    const rows: number[] = [];
    const error = await readXlsxRows(data, (number) => rows.push(number) > 0).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'UPLOAD_ZIP_BOMB' });
    expect(rows).toEqual([]);
  });
});
