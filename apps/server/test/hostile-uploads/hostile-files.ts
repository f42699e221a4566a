import { randomBytes } from 'node:crypto';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { buildZip } from '../../src/modules/uploads/uploads-test-support.ts';

/**
 * Hostile upload files, generated at test time (nothing binary is committed). Each one hurt the
 * server with the reader before table-reader.ts, or would have:
 * - `manyCellsRow`: 2 KB compressed, one row that opens 240,000 `<c>` cells (never closed): the
 *   old cell regex rescanned to the end of the row for each one (27 s of blocked event loop);
 * - `hugeSharedStrings`: a sharedStrings part of ~190 MB in a ~2.3 MB file (ratio ~85, under
 *   the zip guard's 200): the old reader inflated it whole into one string and kept every item as a
 *   slice of it (> 1.1 GB RSS);
 * - `manySharedStrings`: 1.2 million short shared strings (over the 1,000,000 items limit);
 * - `oneLineCsv`: 15 MB of CSV without a line break;
 * - `giantFieldCsv`: ~19.5 MB of normal rows with one quoted field of 8 MB in the middle.
 * Every one must be refused with a 4xx (UploadFileError) quickly, without blocking the event loop
 * and without a large peak of memory.
 */

const MB = 1024 * 1024;

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Creator data" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
  '</Relationships>';
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '</Types>';
const SHEET_START = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';
/** A small sheet that uses the shared strings (a header and one creator). */
const SMALL_SHEET = `${SHEET_START}<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>10</v></c></row>${SHEET_END}`;

interface Part {
  name: string;
  content?: Buffer;
  /** Already deflated, with its real inflated size. */
  deflated?: { stored: Buffer; size: number };
}

/** An .xlsx zip of these parts (deflated; the directory tells the true sizes). */
function workbookZip(parts: readonly Part[]): Buffer {
  return buildZip(
    parts.map((part) =>
      part.deflated
        ? { name: part.name, stored: part.deflated.stored, declaredSize: part.deflated.size }
        : { name: part.name, stored: deflateRawSync(part.content!), declaredSize: part.content!.length },
    ),
  );
}

function basicParts(sheet: Buffer | { stored: Buffer; size: number }): Part[] {
  return [
    { name: '[Content_Types].xml', content: Buffer.from(CONTENT_TYPES) },
    { name: 'xl/workbook.xml', content: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', content: Buffer.from(RELS) },
    Buffer.isBuffer(sheet) ? { name: 'xl/worksheets/sheet1.xml', content: sheet } : { name: 'xl/worksheets/sheet1.xml', deflated: sheet },
  ];
}

/** (a) One row opening `count` cells: `<c>` never closed (`closed`: `<c><v>1</v></c>`, no `r`). */
export function manyCellsRow(count = 240_000, closed = false): Buffer {
  const cell = closed ? '<c><v>1</v></c>' : '<c>';
  const sheet = Buffer.from(`${SHEET_START}<row r="1">${cell.repeat(count)}</row>${SHEET_END}`);
  return workbookZip(basicParts(sheet));
}

/** Deflates what `write` pushes, as one raw deflate stream; `push` answers a promise when the writer must wait. */
async function deflateStream(write: (push: (text: string) => Promise<void> | undefined) => Promise<void>): Promise<{ stored: Buffer; size: number }> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let size = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = (): Promise<void> | undefined => {
    const buffer = Buffer.from(pending.join(''));
    pending = [];
    pendingLength = 0;
    size += buffer.length;
    if (deflate.write(buffer)) return undefined;
    return new Promise((resolve) => deflate.once('drain', () => resolve()));
  };
  await write((text) => {
    pending.push(text);
    pendingLength += text.length;
    return pendingLength >= MB ? flush() : undefined;
  });
  await flush();
  deflate.end();
  await done;
  return { stored: Buffer.concat(out), size };
}

/**
 * (b) A sharedStrings part of about `bytes` (default 190 MB) in a file of ~2.3 MB: items of ~1,000
 * characters, the same filler with a random tag each, so deflate gets ~85:1 (under the guard's 200).
 */
export async function hugeSharedStrings(bytes = 190 * MB): Promise<Buffer> {
  const filler = 'Bu bir dolgu metnidir; ağır bir paylaşılan dize. '.repeat(20);
  const strings = await deflateStream(async (push) => {
    await push('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">');
    await push("<si><t>Creator's username</t></si><si><t>Diamonds</t></si><si><t>star.one</t></si>");
    let written = 0;
    while (written < bytes) {
      const item = `<si><t>${filler}${randomBytes(6).toString('hex')}</t></si>`;
      await push(item);
      written += Buffer.byteLength(item);
    }
    await push('</sst>');
  });
  return workbookZip([...basicParts(Buffer.from(SMALL_SHEET)), { name: 'xl/sharedStrings.xml', deflated: strings }]);
}

/** (b2) `count` short shared strings (default 1.2 million: over the 1,000,000 items limit). */
export async function manySharedStrings(count = 1_200_000): Promise<Buffer> {
  const strings = await deflateStream(async (push) => {
    await push('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">');
    await push("<si><t>Creator's username</t></si><si><t>Diamonds</t></si><si><t>star.one</t></si>");
    for (let index = 0; index < count; index += 1) await push(`<si><t>u${index.toString(36)}</t></si>`);
    await push('</sst>');
  });
  return workbookZip([...basicParts(Buffer.from(SMALL_SHEET)), { name: 'xl/sharedStrings.xml', deflated: strings }]);
}

/** (c) A CSV of `bytes` (default 15 MB) without a line break: a header, then fields forever. */
export function oneLineCsv(bytes = 15 * MB): Buffer {
  const head = "Creator's username,Diamonds,";
  const field = 'star.one,1055,';
  return Buffer.from(head + field.repeat(Math.ceil((bytes - head.length) / field.length)));
}

/** (d) ~`bytes` (default 19.5 MB, under the 20 MB upload limit) of normal rows with one quoted field of `field` bytes in the middle. */
export function giantFieldCsv(bytes = 19.5 * MB, field = 8 * MB): Buffer {
  const lines = ['Exported at 2026-11-01 08:37 UTC+0', "Creator's username,Diamonds,LIVE duration,Valid go LIVE days,Note"];
  const row = (index: number) => `creator.${index.toString(36)},${(index * 7919) % 3_000_000},${index % 120}h ${index % 60}m,${index % 31},ok`;
  const rowBytes = row(123_456).length + 1;
  const rowsEach = Math.floor((bytes - field) / 2 / rowBytes);
  for (let index = 0; index < rowsEach; index += 1) lines.push(row(index));
  lines.push(`giant.field,1,1h,1,"${'lorem ipsum, "" dolor\n'.repeat(Math.ceil(field / 22))}"`);
  for (let index = rowsEach; index < 2 * rowsEach; index += 1) lines.push(row(index));
  return Buffer.from(`${lines.join('\n')}\n`);
}
