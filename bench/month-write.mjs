// `npm run bench:month-write`: on PGlite, what does it cost to write a month whose 100,000 rows all
// changed, in place or written anew into a new table swapped in for the month's partition (what an
// import on PGlite does when at least half of the month changed; docs/decisions/006)? A question
// for the design (bench/RESULTS.md), not a target: it has none, and always exits 0.
//
// A file-backed PGlite in a temp folder with the server's settings (createPglite) and the
// project's migrations; 100,000 creators and a month of their rows in the month's partition; then,
// three rounds each, in a transaction with the server's switch of the per-row foreign key
// (beginMonthRowWrites), the new figures staged by COPY (prepareMonthUpdates) and written by the
// import's own applyMonthUpdates:
// - in place: one UPDATE ... FROM the staged rows (PostgreSQL always; PGlite when fewer than half
//   of the month's rows changed);
// - written anew: the month copied into a new table with the staged figures, the old partition
//   detached and dropped, the new one attached, which builds its keys and checks its foreign key
//   (rewriteMonthPartition);
// - a new table, indexes after: the staged figures inserted into a new table shaped as
//   creator_months, then its primary key and two indexes built, nothing swapped in: the floor of
//   writing anew.
// Each variant is rolled back and followed by a VACUUM, so each round starts from the same month.
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createPglite, createPgliteHandle } from '../apps/server/src/db/pglite-client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { beginMonthRowWrites } from '../apps/server/src/modules/uploads/month-write-settings.ts';
import { applyMonthUpdates, prepareMonthUpdates } from '../apps/server/src/modules/uploads/month-updates.repository.ts';
import { ensureMonthPartition } from '../apps/server/src/db/month-partitions.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = 3;
const PERIOD = '2026-11';
const UPLOAD_ID = '0190e3e0-0000-7000-8000-000000000000';

/** Rolls the transaction back once `work` is done: each round starts from the same month. */
class Rollback extends Error {}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'bench-month-write-'));
  const client = await createPglite(join(folder, 'pglite'));
  const handle = createPgliteHandle(client);
  try {
    await migrateDatabase(handle);
    const ids = Array.from({ length: ROWS }, () => randomUUID());
    await handle.db.transaction((tx) => ensureMonthPartition(tx, PERIOD));
    for (let start = 0; start < ROWS; start += 10_000) {
      const batch = ids.slice(start, start + 10_000);
      await client.query(`insert into creators (id, tiktok_username, status) select id, 'creator_' || (n + $2), 'active' from unnest($1::uuid[]) with ordinality as t(id, n)`, [batch, start]);
      await client.query(
        `insert into creator_months (creator_id, period, diamonds, valid_days, live_seconds, requirement_state, upload_id)
         select id, $2, (random() * 100000)::bigint, 3, 3600, 'atRisk', $3::uuid from unnest($1::uuid[]) as t(id)`,
        [batch, PERIOD, UPLOAD_ID],
      );
    }
    await client.query('vacuum analyze');
    console.log(`PGlite with the server's settings: ${ROWS.toLocaleString('en-US')} creators and their month rows`);
    const rowsOf = (round) =>
      ids.map((creatorId, index) => ({
        creatorId,
        diamonds: (index * 7919 + round * 104729) % 1_000_000,
        validDays: (index + round) % 31,
        liveSeconds: ((index + round) * 97) % 360_000,
        matches: 0,
        lastLiveAt: null,
        achievedBps: (index + round) % 10_000,
        requirementState: 'onTrack',
        leftNetwork: false,
      }));
    const timed = async (work) => {
      const times = {};
      try {
        await handle.db.transaction(async (tx) => {
          await beginMonthRowWrites(tx);
          await work(tx, async (label, step) => {
            const started = performance.now();
            await step();
            times[label] = performance.now() - started;
          });
          throw new Rollback();
        });
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
      // What the rolled-back round left behind (dead row versions and index entries) is cleared, so each round starts alike.
      await client.query('vacuum creator_months');
      return times;
    };
    const variants = {
      'in place': (rows) => async (tx, step) => {
        await step('stage', prepareMonthUpdates(tx, rows));
        await step('write', () => applyMonthUpdates(tx, PERIOD, UPLOAD_ID, new Date(), rows.length));
      },
      'written anew, swapped in': (rows) => async (tx, step) => {
        await step('stage', prepareMonthUpdates(tx, rows));
        await step('write', async () => {
          if (!(await applyMonthUpdates(tx, PERIOD, UPLOAD_ID, new Date(), rows.length, ROWS))) throw new Error('the month was not written anew');
        });
      },
      'a new table, indexes after': (rows) => async (tx, step) => {
        await step('stage', prepareMonthUpdates(tx, rows));
        await step('write', async () => {
          await tx.execute(sql`create table month_new (like creator_months including defaults including constraints)`);
          await tx.execute(sql`insert into month_new (creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network, upload_id, updated_at)
            select creator_id, ${PERIOD}, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network, ${UPLOAD_ID}::uuid, now() from upload_month_figures`);
        });
        await step('indexes', async () => {
          await tx.execute(sql`alter table month_new add primary key (creator_id, period)`);
          await tx.execute(sql`create index on month_new (period, diamonds, creator_id)`);
          await tx.execute(sql`create index on month_new (period, requirement_state)`);
        });
      },
    };
    const results = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, variant] of Object.entries(variants)) {
        const times = await timed(variant(rowsOf(round)));
        const total = Object.values(times).reduce((sum, ms) => sum + ms, 0);
        results.push({ round, variant: name, 'stage ms': Math.round(times.stage), 'write ms': Math.round(times.write), 'indexes ms': times.indexes === undefined ? '-' : Math.round(times.indexes), 'total ms': Math.round(total) });
      }
    }
    console.table(results);
    for (const name of Object.keys(variants)) {
      const totals = results.filter((row) => row.variant === name).map((row) => row['total ms']).sort((a, b) => a - b);
      console.log(`${name}: ${totals.join(', ')} ms (median ${totals[Math.floor(totals.length / 2)]} ms)`);
    }
  } finally {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
