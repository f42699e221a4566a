import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { CellValue } from './backstage-values.ts';
import { bypassFieldCountCheck, detectDelimiter, detectEncoding } from './csv-reader.ts';
import { openTable, type TableSource } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';

/** Every row of sheet 0 as [line, cells]. */
async function rowsOf(source: TableSource): Promise<[number, CellValue[]][]> {
  const rows: [number, CellValue[]][] = [];
  await source.readSheet(0, (line, cells) => rows.push([line, cells]) > 0);
  return rows;
}

async function refusal(promise: Promise<unknown>): Promise<UploadFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadFileError);
  return error as UploadFileError;
}

const TURKISH = [
  'Veriler 2026-11-01 tarihinde dışa aktarıldı',
  'İçerik üreticisinin kullanıcı adı;Temsilci;Son 30 gündeki elmaslar;Son 30 gündeki CANLI Yayın süresi;Katılma zamanı',
  'ayşe.yılmaz;Şule Öğün;1.055;119sa 47dk;2025-01-10',
  'ığdır.şahin;Çağrı Işık;2,5M;3sa 30dk;2025-02-11',
  'İlkay;Ğülşen Dağ;12;-;2025-03-01',
];
const GERMAN = ['Benutzername;Diamanten;Notiz', 'jürgen.müller;1.055;Größe über Maß', 'straße;12;schön, äußerst'];
const SHORT_TURKISH = ['Kullanıcı adı,Elmas', 'şule,1'];

function expectedRows(lines: readonly string[], delimiter: string): [number, string[]][] {
  return lines.map((line, index) => [index + 1, line.split(delimiter)]);
}

describe('CSV encodings (files built with iconv-lite)', () => {
  const cases: { name: string; lines: readonly string[]; encoding: string; bom?: boolean; expected: string; delimiter: string }[] = [
    { name: 'UTF-8 without BOM (Turkish)', lines: TURKISH, encoding: 'utf-8', expected: 'utf-8', delimiter: ';' },
    { name: 'UTF-8 with BOM (Turkish)', lines: TURKISH, encoding: 'utf-8', bom: true, expected: 'utf-8', delimiter: ';' },
    { name: 'UTF-16 LE with BOM (Turkish)', lines: TURKISH, encoding: 'utf-16le', bom: true, expected: 'utf-16le', delimiter: ';' },
    { name: 'UTF-16 BE with BOM (German)', lines: GERMAN, encoding: 'utf-16be', bom: true, expected: 'utf-16be', delimiter: ';' },
    { name: 'UTF-16 LE without BOM (Turkish)', lines: TURKISH, encoding: 'utf-16le', expected: 'utf-16le', delimiter: ';' },
    { name: 'UTF-16 BE without BOM (German)', lines: GERMAN, encoding: 'utf-16be', expected: 'utf-16be', delimiter: ';' },
    { name: 'windows-1254 (Turkish Excel CSV)', lines: TURKISH, encoding: 'windows-1254', expected: 'windows-1254', delimiter: ';' },
    { name: 'windows-1254, two short lines', lines: SHORT_TURKISH, encoding: 'windows-1254', expected: 'windows-1254', delimiter: ',' },
    { name: 'windows-1252 (German)', lines: GERMAN, encoding: 'windows-1252', expected: 'windows-1252', delimiter: ';' },
    { name: 'windows-1252 (Spanish, tabs)', lines: ['Nombre de usuario\tDiamantes', 'niño.peña\t1', 'cañón\t2'], encoding: 'windows-1252', expected: 'windows-1252', delimiter: '\t' },
  ];

  it.each(cases)('$name', async ({ lines, encoding, bom, expected, delimiter }) => {
    const text = `${lines.join('\r\n')}\r\n`;
    const data = Buffer.concat([bom ? iconv.encode('\uFEFF', encoding) : Buffer.alloc(0), iconv.encode(text, encoding)]);
    const source = await openTable(data);
    expect(source).toMatchObject({ format: 'csv', encoding: expected, delimiter, sheets: [{ name: '', hidden: false }] });
    expect(await rowsOf(source)).toEqual(expectedRows(lines, delimiter));
  });

  it('the windows-1254 file really has the Turkish-only bytes (ş ğ ı İ as 0xFE 0xF0 0xFD 0xDD)', () => {
    const data = iconv.encode(TURKISH.join('\n'), 'windows-1254');
    for (const byte of [0xfe, 0xf0, 0xfd, 0xdd]) expect(data.includes(byte)).toBe(true);
    expect(Buffer.from(TURKISH.join('\n')).equals(data)).toBe(false);
  });

  it('the Turkish rule: windows-1252 bytes of Icelandic letters next to letters read as Turkish, alone as Western', async () => {
    // "þ" (0xFE) inside a word: Turkish "ş" by the rule (documented trade-off).
    expect(await detectEncoding(iconv.encode('name,note\nabc,Þór þykir\n', 'windows-1252'))).toBe('windows-1254');
    // 0xFD alone between spaces: no letter beside it, so Western.
    expect(await detectEncoding(iconv.encode('name,note\nabc, ý \nstraße,1\n', 'windows-1252'))).toBe('windows-1252');
  });

  it('a Turkish byte far into a long ASCII file still decides', async () => {
    const lines = ['Creator username,Diamonds'];
    for (let index = 0; index < 20_000; index += 1) lines.push(`creator.${index},${index}`);
    lines.push('şule,1');
    const data = iconv.encode(lines.join('\n'), 'windows-1254');
    expect(data.length).toBeGreaterThan(256 * 1024);
    const source = await openTable(data);
    expect(source.encoding).toBe('windows-1254');
    const rows = await rowsOf(source);
    expect(rows.at(-1)).toEqual([20_002, ['şule', '1']]);
  });

  it('pure ASCII is UTF-8', async () => {
    expect((await openTable(Buffer.from("Creator's username,Diamonds\nstar.one,1\n"))).encoding).toBe('utf-8');
  });

  it('a non-Latin 8-bit file is decoded as jschardet says (windows-1251)', async () => {
    const text = 'Имя пользователя;Алмазы;Группа\nиван.петров;1055;Москва\nмария;2;Санкт-Петербург\n'.repeat(5);
    const source = await openTable(iconv.encode(text, 'windows-1251'));
    expect(source.encoding).toBe('windows-1251');
    expect((await rowsOf(source))[0]![1]).toEqual(['Имя пользователя', 'Алмазы', 'Группа']);
  });
});

describe('CSV delimiters', () => {
  it.each([
    [',', "Creator's username,Diamonds,LIVE duration\nstar.one,\"1,055\",1h\nmoon,2,3h\n"],
    [';', "Creator's username;Diamonds;LIVE duration\nstar.one;1,5;1h\nmoon;2,25;3h\n"],
    ['\t', "Creator's username\tDiamonds\tNote\nstar.one\t1,055\ta; b\nmoon\t2\tc, d\n"],
  ])('%j', async (delimiter, text) => {
    const source = await openTable(Buffer.from(text));
    expect(source.delimiter).toBe(delimiter);
    expect((await rowsOf(source))[1]![1][0]).toBe('star.one');
  });

  it('a metadata line first, with another number of fields (and the other delimiter in it)', async () => {
    const text = 'Exported at 2026-11-01, 08:37 UTC+0\nUsername;Diamonds;Hours;Days\na;1;2;3\nb;4;5;6\n';
    const source = await openTable(Buffer.from(text));
    expect(source.delimiter).toBe(';');
    expect(await rowsOf(source)).toEqual([
      [1, ['Exported at 2026-11-01, 08:37 UTC+0']],
      [2, ['Username', 'Diamonds', 'Hours', 'Days']],
      [3, ['a', '1', '2', '3']],
      [4, ['b', '4', '5', '6']],
    ]);
  });

  it('Turkish "... aktarma ..." line first, semicolons, decimal commas in values', () => {
    const text = 'Veri aktarma tarihi: 01.11.2026\nKullanıcı adı;Elmaslar;Süre\nayşe;1,5;2,25\nfatma;12,5;3\nali;2;4,75\n';
    expect(detectDelimiter(text)).toBe(';');
  });

  it('quoted delimiters do not count; no delimiter at all is ","', () => {
    expect(detectDelimiter('"a;b;c",x\n"d;e;f",y\n')).toBe(',');
    expect(detectDelimiter('only\none\ncolumn\n')).toBe(',');
  });
});

describe('CSV rows', () => {
  it('numbers rows by the physical line where the record starts (quoted line breaks, LF and CRLF, blank lines)', async () => {
    const text = 'meta line\r\na,b,c\r\n"multi\r\nline",x\r\n\r\nlast,"q""uote"\r\n"two\nmore\nlines",y\nend';
    const rows = await rowsOf(await openTable(Buffer.from(text)));
    expect(rows).toEqual([
      [1, ['meta line']],
      [2, ['a', 'b', 'c']],
      [3, ['multi\r\nline', 'x']],
      [5, ['']],
      [6, ['last', 'q"uote']],
      [7, ['two\nmore\nlines', 'y']],
      [10, ['end']],
    ]);
  });

  it('stops when the sink says so', async () => {
    const source = await openTable(Buffer.from('a\nb\nc\nd\n'));
    const seen: number[] = [];
    await source.readSheet(0, (line) => seen.push(line) < 2);
    expect(seen).toEqual([1, 2]);
  });

  it('what the sink throws comes out unchanged', async () => {
    const source = await openTable(Buffer.from('a\nb\n'));
    const own = new Error('from the sink');
    await expect(
      source.readSheet(0, () => {
        throw own;
      }),
    ).rejects.toBe(own);
  });

  it('sheet 1 of a CSV is a RangeError', async () => {
    await expect((await openTable(Buffer.from('a\n'))).readSheet(1, () => true)).rejects.toBeInstanceOf(RangeError);
  });

  it("csv-parse's per-record field-count check is bypassed (its internals are as expected)", () => {
    expect(bypassFieldCountCheck(parse({}))).toBe(true);
  });

  it('varying field counts are read as they are, fast (metadata line first, 60,000 rows)', async () => {
    const lines = ['Exported at 2026-11-01'];
    for (let index = 0; index < 60_000; index += 1) lines.push(index % 3 === 0 ? `u${index},${index}` : `u${index},${index},x`);
    const source = await openTable(Buffer.from(lines.join('\n')));
    const started = performance.now();
    const rows = await rowsOf(source);
    const ms = performance.now() - started;
    expect(rows[1]).toEqual([2, ['u0', '0']]);
    expect(rows[2]).toEqual([3, ['u1', '1', 'x']]);
    expect(rows).toHaveLength(60_001);
    // Unpatched csv-parse needs ~25 µs more per row of another length (~1.5 s here on a quiet machine).
    expect(ms).toBeLessThan(8_000);
  });
});

describe('CSV refusals', () => {
  it('empty and blank files: UPLOAD_EMPTY', async () => {
    expect((await refusal(openTable(Buffer.alloc(0)))).code).toBe('UPLOAD_EMPTY');
    expect((await refusal(openTable(Buffer.from(' \r\n\n\t\n')))).code).toBe('UPLOAD_EMPTY');
    expect((await refusal(openTable(Buffer.from('\uFEFF\n\n')))).code).toBe('UPLOAD_EMPTY');
    const blankButLong = Buffer.from(' \n\t\r\n'.repeat(30_000));
    expect(blankButLong.length).toBeGreaterThan(64 * 1024);
    const source = await openTable(blankButLong);
    expect((await refusal(rowsOf(source))).code).toBe('UPLOAD_EMPTY');
  });

  it('control characters: UPLOAD_TYPE_INVALID, in the first bytes at open, later while reading', async () => {
    expect((await refusal(openTable(Buffer.from('name,x\n\u0001\u0002binary\n')))).code).toBe('UPLOAD_TYPE_INVALID');
    const late = Buffer.from(`name,x\n${'a,1\n'.repeat(40_000)}b\u0007,2\n`);
    const source = await openTable(late);
    expect((await refusal(rowsOf(source))).code).toBe('UPLOAD_TYPE_INVALID');
    // Random binary that is no known signature.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
    expect((await refusal(openTable(noise))).code).toBe('UPLOAD_TYPE_INVALID');
  });

  it('known binary signatures: UPLOAD_TYPE_INVALID', async () => {
    for (const bytes of [[0x25, 0x50, 0x44, 0x46, 0x2d], [0x89, 0x50, 0x4e, 0x47], [0xd0, 0xcf, 0x11, 0xe0], [0x1f, 0x8b, 8], [0x7f, 0x45, 0x4c, 0x46]]) {
      expect((await refusal(openTable(Buffer.from([...bytes, 0x41, 0x42])))).code).toBe('UPLOAD_TYPE_INVALID');
    }
  });

  it('a line longer than 64 KB: UPLOAD_CORRUPT with its line number', async () => {
    const text = `a,b\nc,d\ne,${'x'.repeat(70_000)}\nf,g\n`;
    const error = await refusal(rowsOf(await openTable(Buffer.from(text))));
    expect(error.code).toBe('UPLOAD_CORRUPT');
    expect(error.message).toContain('line 3');
  });

  it('more than 16,384 fields on a line: UPLOAD_CORRUPT; 16,384 are read', async () => {
    const ok = await rowsOf(await openTable(Buffer.from(`a,b\n${','.repeat(16_383)}\n`)));
    expect(ok[1]![1]).toHaveLength(16_384);
    const error = await refusal(rowsOf(await openTable(Buffer.from(`a,b\n${','.repeat(16_384)}\n`))));
    expect(error.code).toBe('UPLOAD_CORRUPT');
    expect(error.message).toContain('16384 fields');
  });

  it('a quote never closed: UPLOAD_CORRUPT', async () => {
    expect((await refusal(rowsOf(await openTable(Buffer.from('a,b\n"open,c\nd,e\n'))))).code).toBe('UPLOAD_CORRUPT');
  });
});
