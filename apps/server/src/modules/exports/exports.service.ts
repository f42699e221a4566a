import type { Writable } from 'node:stream';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBackup } from './backup.ts';
import { exportSheets } from './export-sheets.ts';
import { writeWorkbook } from './workbook.ts';

/** `agency-<what>-2026-03-18.<ext>` in UTC. */
export function datedFileName(what: string, extension: string, now: Date): string {
  return `agency-${what}-${now.toISOString().slice(0, 10)}.${extension}`;
}

export function createExportsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    writeWorkbook(stream: Writable, now = clock.now()) {
      return writeWorkbook(stream, exportSheets(db), now);
    },
    createBackup(now = clock.now()) {
      return createBackup(db, now);
    },
    now: () => clock.now(),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
