import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBackstageFile as parseBackstageFile, type BackstageReadResult as BackstageParseResult } from './backstage-parser.ts';
import type { UploadFileError } from './upload-file-error.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const figures = (result: BackstageParseResult) =>
  result.items.map(({ row, tiktokUsername, diamonds, validDays, liveSeconds, matches, lastLiveAt }) => ({
    row,
    tiktokUsername,
    diamonds,
    validDays,
    liveSeconds,
    matches,
    lastLiveAt: lastLiveAt?.toISOString() ?? null,
  }));

describe('backstage parser (fixture files)', () => {
  it('"Creator data" .xlsx: `Exported at` line first, every value format, a creator who quit, this period only', async () => {
    const result = await parseBackstageFile(fixture('creator-data.xlsx'));
    expect(result).toMatchObject({ file: { format: 'xlsx', headerRow: 2, figureKind: 'monthToDate', dataPeriod: { from: '2026-09-01', to: '2026-09-15' } }, rows: 6, skipped: 0, errors: [] });
    expect(figures(result)).toEqual([
      { row: 3, tiktokUsername: 'star.one', diamonds: 2_980_000, validDays: 21, liveSeconds: 431_251, matches: 12, lastLiveAt: '2026-09-15T21:04:00.000Z' },
      { row: 4, tiktokUsername: 'dance_vibes', diamonds: 12_500, validDays: 14, liveSeconds: 318_456, matches: 0, lastLiveAt: '2026-09-14T18:30:00.000Z' },
      { row: 5, tiktokUsername: 'music.nights', diamonds: 1_055, validDays: 1, liveSeconds: 2_700, matches: 0, lastLiveAt: null },
      { row: 6, tiktokUsername: 'chef_ali', diamonds: 4_200, validDays: 0, liveSeconds: 30, matches: 3, lastLiveAt: '2026-09-10T00:00:00.000Z' },
      { row: 7, tiktokUsername: 'gone.creator', diamonds: 5_000, validDays: 5, liveSeconds: 36_000, matches: 0, lastLiveAt: null },
      { row: 8, tiktokUsername: 'zero.day', diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null },
    ]);
    expect(result.items.find((item) => item.tiktokUsername === 'gone.creator')?.leftNetwork).toBe(true);
    expect(result.warnings.filter((warning) => warning.kind === 'creatorQuit')).toEqual([{ row: 7, kind: 'creatorQuit', tiktokUsername: 'gone.creator', params: {} }]);
    expect(result.warnings.filter((warning) => warning.kind === 'approximateValue').map((warning) => warning.row)).toEqual([3, 4, 7]);
    expect(result.columns).toMatchObject({ "Creator's username": 'username', Diamonds: 'diamonds', 'Diamonds last month': 'diamondsLastMonth' });
  });

  it('"Manage creators" .xlsx: `Creator ID:`, the L30D columns, numbers as numbers (durations in hours)', async () => {
    const result = await parseBackstageFile(fixture('manage-creators.xlsx'));
    expect(result.errors).toEqual([]);
    expect(figures(result)).toEqual([
      { row: 2, tiktokUsername: 'star.one', diamonds: 2_980_000, validDays: 21, liveSeconds: 430_200, matches: 12, lastLiveAt: '2026-09-15T00:00:00.000Z' },
      { row: 3, tiktokUsername: 'dance_vibes', diamonds: 12_500, validDays: 14, liveSeconds: 318_456, matches: 0, lastLiveAt: null },
    ]);
  });

  it('Turkish headers and values (`1.055` as thousands in a count, `3sa 30dk`, `3g`)', async () => {
    const result = await parseBackstageFile(fixture('turkish-headers.xlsx'));
    expect(result.errors).toEqual([]);
    expect(figures(result)).toEqual([
      { row: 3, tiktokUsername: 'yildiz.kedi', diamonds: 1_055, validDays: 21, liveSeconds: 431_251, matches: 1_200, lastLiveAt: '2026-09-15T21:04:00.000Z' },
      { row: 4, tiktokUsername: 'deniz_sahne', diamonds: 2_980_000, validDays: 3, liveSeconds: 12_600, matches: 0, lastLiveAt: null },
    ]);
  });

  it('CSV with a BOM, `;` and CRLF: line numbers of the file, blank lines ignored, quit row skipped', async () => {
    const result = await parseBackstageFile(fixture('semicolon-bom.csv'));
    expect(result).toMatchObject({ file: { format: 'csv' }, rows: 4, skipped: 0, errors: [] });
    expect(figures(result).map((item) => [item.row, item.tiktokUsername, item.diamonds, item.liveSeconds])).toEqual([
      [3, 'star.one', 1_055, 431_251],
      [4, 'dance_vibes', 12_500, 318_456],
      [6, 'gone.creator', 5_000, 36_000],
      [7, 'music.nights', 2_980_000, 2_700],
    ]);
  });

  it('CSV with `,` and quoted `1,055`; tab-separated', async () => {
    expect(figures(await parseBackstageFile(fixture('comma.csv'))).map((item) => item.diamonds)).toEqual([1_055, 2_980_000]);
    expect(figures(await parseBackstageFile(fixture('tab.csv')))).toEqual([
      { row: 2, tiktokUsername: 'star.one', diamonds: 100, validDays: 1, liveSeconds: 3600, matches: 0, lastLiveAt: null },
    ]);
  });

  it('bad rows: each error names its line and column; good rows still read', async () => {
    const result = await parseBackstageFile(fixture('bad-rows.csv'));
    expect(result.errors.map((error) => [error.row, error.column, error.code, error.params])).toEqual([
      [3, 'Diamonds', 'notANumber', { value: 'lots' }],
      [4, 'Valid go LIVE days', 'notDays', { value: '40' }],
      [5, 'Creator username', 'usernameInvalid', { value: 'bad user!' }],
    ]);
    expect(result.items.map((item) => item.tiktokUsername)).toEqual(['star.one', 'chef_ali']);
  });

  it('duplicates: identical rows collapse, a creator listed twice keeps the higher diamonds; both are warnings', async () => {
    const result = await parseBackstageFile(fixture('duplicates.csv'));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      { row: 3, kind: 'duplicateIdentical', tiktokUsername: 'star.one', params: { firstRow: 2 } },
      { row: 4, kind: 'duplicateKeptHigher', tiktokUsername: 'dance_vibes', params: { keptRow: 5, droppedRow: 4 } },
    ]);
    expect(figures(result).map((item) => [item.row, item.tiktokUsername, item.diamonds])).toEqual([
      [2, 'star.one', 100],
      [5, 'dance_vibes', 6],
    ]);
  });

  it('no username column: an error on row 0', async () => {
    const result = await parseBackstageFile(fixture('no-username.csv'));
    expect(result.errors).toEqual([]);
    expect(result.mappingCandidate?.question).toMatchObject({ kind: 'mapping', missing: ['username'], suggested: { diamonds: 1 } });
  });

  it('refuses by content: empty, PDF, PNG, too many rows', async () => {
    const codeOf = (data: Buffer, maxRows?: number) =>
      parseBackstageFile(data, maxRows ? { maxRows } : {}).then(
        () => 'parsed',
        (error: UploadFileError) => error.code,
      );
    expect(await codeOf(Buffer.alloc(0))).toBe('UPLOAD_EMPTY');
    expect(await codeOf(Buffer.from('  \n\n'))).toBe('UPLOAD_EMPTY');
    expect(await codeOf(Buffer.from('%PDF-1.7\n'))).toBe('UPLOAD_TYPE_INVALID');
    expect(await codeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('UPLOAD_TYPE_INVALID');
    expect(await codeOf(fixture('comma.csv'), 1)).toBe('UPLOAD_TOO_LARGE');
  });
});
