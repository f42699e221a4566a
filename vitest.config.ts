import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One run, four projects. The server suite runs twice: on an embedded PGlite and on the
 * PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 *
 * Two workers on the machine's two cores (vitest's default is one fewer than the cores): the
 * server tests wait on PostgreSQL and on child processes much of the time. The server files share
 * their worker's module cache (`isolate: false`): each makes its own database, app and clock, and
 * importing the whole server once per file was 40 % of the run (750 s in all, 310 s now). The web
 * files share their worker's window and its node_modules (React, Mantine, jsdom) the same way:
 * 160 s alone before, ~60 s now. lib/testing/shared-worker.ts starts each file as in a fresh
 * window; the web suite passes with its files in ten shuffled orders
 * (`vitest run --project web --sequence.shuffle.files --sequence.seed=N`, N = 1-10).
 */
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
/**
 * Server tests that never open a database (the upload readers and the parse worker): they run
 * once, in server-pglite. On PostgreSQL they were ~25 s of a worker's time for nothing new. A file
 * here that starts to use the database must leave this list.
 */
const withoutDatabase = [
  'apps/server/test/hostile-uploads/readers.test.ts',
  'apps/server/src/modules/uploads/{backstage-parser,backstage-values,csv-reader,parse-in-worker,parse-worker-start,snapshot-figures,table-reader,xlsx-reader}.test.ts',
  'apps/server/src/lib/time-ordered-id.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...withoutDatabase],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/lib/testing/wait-longer.ts', 'apps/web/src/lib/testing/shared-worker.ts'],
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
