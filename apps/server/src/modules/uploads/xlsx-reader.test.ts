import { readdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CellValue } from './backstage-values.ts';
import { UploadFileError } from './upload-file-error.ts';
import { buildZip } from './uploads-test-support.ts';
import { decodeXmlText, openXlsx, parseSharedStrings, readXlsxRows, XmlScanner, type XmlAttributes, type XmlHandler } from './xlsx-reader.ts';
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
  // exceljs's streaming reader sometimes stops before an xl/workbook.xml that comes last in the zip (as in
  // turkish-headers.xlsx) and then fails on `this.model.sheets`; it gets the same entries with the workbook's first.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(workbookFirst(data)), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
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

/** The same entries, with the workbook, its relations and the shared strings ahead of the sheets. */
function workbookFirst(data: Buffer): Buffer {
  const first = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'];
  const rank = (name: string): number => (first.includes(name) ? first.indexOf(name) : first.length);
  return rezip(unzip(data).sort((a, b) => rank(a.name) - rank(b.name)));
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

/** Every event of a scanner as text, for comparing runs fed in different chunks. */
function recordEvents(xml: string, chunkSizes: (index: number) => number): string[] {
  const events: string[] = [];
  const holder: { scanner?: XmlScanner } = {};
  const handler: XmlHandler = {
    open(name: string, attributes: XmlAttributes, selfClosing: boolean) {
      const pairs: string[] = [];
      for (let index = 0; index < attributes.count; index += 1) {
        const at = index * 4;
        pairs.push(`${attributes.source.slice(attributes.spans[at], attributes.spans[at + 1])}=${attributes.source.slice(attributes.spans[at + 2], attributes.spans[at + 3])}`);
      }
      events.push(`open ${name} ${pairs.join(' ')}${selfClosing ? ' /' : ''}`);
      // Capture text of every element named t or v.
      holder.scanner!.capture = !selfClosing && (name === 't' || name === 'v');
    },
    close(name: string) {
      events.push(`close ${name}`);
      holder.scanner!.capture = false;
    },
    text(raw: string) {
      if (events.at(-1)?.startsWith('text ')) events[events.length - 1] += raw;
      else events.push(`text ${raw}`);
    },
  };
  const scanner = new XmlScanner(handler);
  holder.scanner = scanner;
  let position = 0;
  for (let index = 0; position < xml.length; index += 1) {
    const size = Math.max(1, chunkSizes(index));
    scanner.write(xml.slice(position, position + size));
    position += size;
  }
  scanner.end();
  return events;
}

async function refusalOf(promise: Promise<unknown>): Promise<UploadFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadFileError);
  return error as UploadFileError;
}

const WORKBOOK_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';

/** A workbook from sheet XML strings (names in order), optional shared strings. */
function handWorkbook(sheets: readonly { name: string; xml: string; state?: string; type?: string }[], sharedStrings?: string): Buffer {
  const list = sheets.map((sheet, index) => `<sheet name="${sheet.name}" sheetId="${index + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${index + 1}"/>`).join('');
  const rels = sheets.map((sheet, index) => `<Relationship Id="rId${index + 1}" Type="${sheet.type ?? WORKBOOK_REL}" Target="worksheets/sheet${index + 1}.xml"/>`).join('');
  return rezip([
    { name: 'xl/workbook.xml', content: Buffer.from(`<workbook xmlns:r="rels"><sheets>${list}</sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: Buffer.from(`<Relationships>${rels}${sharedStrings === undefined ? '' : '<Relationship Id="rIdS" Type="x/sharedStrings" Target="sharedStrings.xml"/>'}</Relationships>`),
    },
    ...sheets.map((sheet, index) => ({ name: `xl/worksheets/sheet${index + 1}.xml`, content: Buffer.from(sheet.xml) })),
    ...(sharedStrings === undefined ? [] : [{ name: 'xl/sharedStrings.xml', content: Buffer.from(sharedStrings) }]),
  ]);
}

const sheetXml = (rows: string) => `<worksheet><sheetData>${rows}</sheetData></worksheet>`;

async function sheetRows(data: Buffer, index = 0): Promise<[number, CellValue[]][]> {
  const workbook = await openXlsx(data);
  const rows: [number, CellValue[]][] = [];
  await workbook.readSheet(index, (number, cells) => rows.push([number, cells]) > 0);
  return rows;
}

describe('xlsx reader: the tokenizer', () => {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE worksheet [<!ENTITY x "y">]><!-- a comment with <c> and > --><x:worksheet xmlns:x="main" a=\'1\'>' +
    '<x:sheetData><row r="1" spans="1:2"><c r="A1" t="inlineStr" note="a > b &amp; c"><is><t xml:space="preserve"> spaced &lt;x&gt; </t></is></c>' +
    '<c r="B1"><v>1.5</v></c><?pi stuff?><c r="C1" t="str"><v><![CDATA[<raw> & text]]></v></c></row></x:sheetData></x:worksheet>\n';

  it('gives the same events whatever the chunk sizes (1 character, 7, random)', () => {
    const whole = recordEvents(xml, () => xml.length);
    expect(whole).toContain('open c r=A1 t=inlineStr note=a > b &amp; c');
    expect(whole).toContain('text  spaced &lt;x&gt; ');
    expect(whole).toContain('text <raw> &amp; text');
    expect(recordEvents(xml, () => 1)).toEqual(whole);
    expect(recordEvents(xml, () => 7)).toEqual(whole);
    // Each size puts the chunks' ends, and their first `>`, somewhere else: inside names, quoted
    // values with `>` in them, comments, CDATA.
    for (let size = 2; size <= 48; size += 1) expect(recordEvents(xml, () => size), `chunks of ${size}`).toEqual(whole);
    // Two chunks, split at every position.
    for (let split = 1; split < xml.length; split += 1) expect(recordEvents(xml, (index) => (index === 0 ? split : xml.length)), `split at ${split}`).toEqual(whole);
    let seed = 7;
    expect(
      recordEvents(xml, () => {
        seed = (seed * 16_807) % 2_147_483_647;
        return seed % 40;
      }),
    ).toEqual(whole);
  });

  it.each([
    ['a tag longer than 64 KB', `<worksheet><row a="${'x'.repeat(70_000)}"/></worksheet>`],
    ['an unclosed tag at the end', '<worksheet><row'],
    ['elements nested more than 64 deep', `<worksheet>${'<a>'.repeat(70)}${'</a>'.repeat(70)}</worksheet>`],
    ['a close tag that does not match', '<worksheet><sheetData></row></worksheet>'],
    ['an unquoted attribute', '<worksheet a=1></worksheet>'],
    ['a second root', '<worksheet/><worksheet/>'],
    ['text only', 'hello'],
  ])('%s: UPLOAD_CORRUPT', (_label, bad) => {
    const scanner = new XmlScanner({ open() {}, close() {}, text() {} });
    let error: unknown = null;
    try {
      scanner.write(bad);
      scanner.end();
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'UPLOAD_CORRUPT' });
  });

  it('is linear: a 1 MB run of unclosed `<c` and of `<!X>` declarations is refused or read at once', () => {
    const started = performance.now();
    for (const bad of [`<worksheet>${'<c '.repeat(350_000)}`, `<worksheet>${'<!X>'.repeat(250_000)}</worksheet>`, `<worksheet>${'<a b="'.repeat(200_000)}`]) {
      const scanner = new XmlScanner({ open() {}, close() {}, text() {} });
      try {
        for (let at = 0; at < bad.length; at += 65_536) scanner.write(bad.slice(at, at + 65_536));
        scanner.end();
      } catch {
        // refused: fine
      }
    }
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe('xlsx reader: workbook, sheets and limits', () => {
  it('lists the sheets in workbook order with their hidden state, leaves chart sheets out, reads any one by index', async () => {
    const data = handWorkbook([
      { name: 'Creator data', xml: sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>first</t></is></c></row>') },
      { name: 'Chart', xml: '<chartsheet/>', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet' },
      { name: 'Hidden &amp; old', state: 'hidden', xml: sheetXml('<row r="3"><c r="B3"><v>3</v></c></row>') },
      { name: 'Very hidden', state: 'veryHidden', xml: sheetXml('<row r="1"><c r="A1" t="b"><v>1</v></c></row>') },
      { name: 'Visible', state: 'visible', xml: sheetXml('') },
    ]);
    const workbook = await openXlsx(data);
    expect(workbook.sheets).toEqual([
      { name: 'Creator data', hidden: false },
      { name: 'Hidden & old', hidden: true },
      { name: 'Very hidden', hidden: true },
      { name: 'Visible', hidden: false },
    ]);
    expect(await sheetRows(data, 1)).toEqual([[3, [null, 3]]]);
    expect(await sheetRows(data, 0)).toEqual([[1, ['first']]]);
    expect(await sheetRows(data, 2)).toEqual([[1, [true]]]);
    expect(await sheetRows(data, 3)).toEqual([]);
    await expect(workbook.readSheet(4, () => true)).rejects.toBeInstanceOf(RangeError);
  });

  it('no relationships part: sheet n is xl/worksheets/sheet<n>.xml; no sheet listed: sheet1.xml; nothing: UPLOAD_EMPTY', async () => {
    const noRels = rezip([
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook><sheets><sheet name="A" sheetId="1"/><sheet name="B" sheetId="2"/></sheets></workbook>') },
      { name: 'xl/worksheets/sheet2.xml', content: Buffer.from(sheetXml('<row r="1"><c r="A1"><v>2</v></c></row>')) },
    ]);
    expect(await sheetRows(noRels, 1)).toEqual([[1, [2]]]);
    expect(await sheetRows(noRels, 0)).toEqual([]);
    const unlisted = rezip([
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.from(sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>')) },
    ]);
    expect((await openXlsx(unlisted)).sheets).toEqual([{ name: 'Sheet1', hidden: false }]);
    const none = rezip([{ name: 'xl/workbook.xml', content: Buffer.from('<workbook><sheets/></workbook>') }]);
    expect((await refusalOf(openXlsx(none))).code).toBe('UPLOAD_EMPTY');
    // The reader before openTable answered such a workbook with no rows: kept.
    expect(await ourRows(none)).toEqual([]);
  });

  it('a zip that is not a workbook: UPLOAD_TYPE_INVALID', async () => {
    expect((await refusalOf(openXlsx(rezip([{ name: 'word/document.xml', content: Buffer.from('<w/>') }])))).code).toBe('UPLOAD_TYPE_INVALID');
  });

  it('more than 16,384 cells in a row, or a column past XFD: UPLOAD_CORRUPT; XFD itself is read', async () => {
    const xfd = await sheetRows(handWorkbook([{ name: 'A', xml: sheetXml('<row r="1"><c r="XFD1"><v>9</v></c></row>') }]));
    expect(xfd[0]![1]).toHaveLength(16_384);
    expect(xfd[0]![1][16_383]).toBe(9);
    for (const row of ['<row r="1"><c r="XFE1"><v>1</v></c></row>', `<row r="1">${'<c/>'.repeat(16_385)}</row>`, `<row r="1"><c r="XFD1"/><c><v>1</v></c></row>`]) {
      expect((await refusalOf(sheetRows(handWorkbook([{ name: 'A', xml: sheetXml(row) }])))).code).toBe('UPLOAD_CORRUPT');
    }
  });

  it('a cell with more than 256 KB of text: UPLOAD_CORRUPT', async () => {
    const big = `<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(300_000)}</t></is></c></row>`;
    expect((await refusalOf(sheetRows(handWorkbook([{ name: 'A', xml: sheetXml(big) }])))).code).toBe('UPLOAD_CORRUPT');
    const bigValue = `<row r="1"><c r="A1" t="str"><v>${'x'.repeat(300_000)}</v></c></row>`;
    expect((await refusalOf(sheetRows(handWorkbook([{ name: 'A', xml: sheetXml(bigValue) }])))).code).toBe('UPLOAD_CORRUPT');
  });

  it('shared strings over the count or the character limit: UPLOAD_TOO_LARGE; at the limits they are read', async () => {
    const strings = `<sst>${Array.from({ length: 10 }, (_, index) => `<si><t>s${index}xxxxxxx</t></si>`).join('')}</sst>`;
    const data = handWorkbook([{ name: 'A', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>9</v></c></row>') }], strings);
    const read = async (limits: { maxCount: number; maxChars: number; maxItemRaw: number }) => {
      const workbook = await openXlsx(data, { sharedStrings: limits });
      const rows: CellValue[][] = [];
      await workbook.readSheet(0, (_number, cells) => rows.push(cells) > 0);
      return rows;
    };
    expect(await read({ maxCount: 10, maxChars: 90, maxItemRaw: 9 })).toEqual([['s9xxxxxxx']]);
    expect((await refusalOf(read({ maxCount: 9, maxChars: 1_000, maxItemRaw: 100 }))).code).toBe('UPLOAD_TOO_LARGE');
    expect((await refusalOf(read({ maxCount: 100, maxChars: 89, maxItemRaw: 100 }))).code).toBe('UPLOAD_TOO_LARGE');
    expect((await refusalOf(read({ maxCount: 100, maxChars: 1_000, maxItemRaw: 8 }))).code).toBe('UPLOAD_TOO_LARGE');
  });

  it('the shared strings are read once for several sheets and reads', async () => {
    const data = handWorkbook(
      [
        { name: 'A', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') },
        { name: 'B', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>1</v></c></row>') },
      ],
      '<sst><si><t>zero</t></si><si><r><t>o</t></r><r><t>ne</t></r></si></sst>',
    );
    const workbook = await openXlsx(data);
    const seen: CellValue[] = [];
    for (const index of [0, 1, 0]) await workbook.readSheet(index, (_number, cells) => seen.push(cells[0]!) > 0);
    expect(seen).toEqual(['zero', 'one', 'zero']);
  });
});
