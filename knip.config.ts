import type { KnipConfig } from 'knip';

/**
 * Dead-code check (`npm run deadcode`, part of `npm run check`): unused files, exports, types and
 * dependencies. The plugins find most entries themselves (vitest.config.ts and the tests it
 * includes, playwright.config.ts, eslint.config.js, vite.config.ts and index.html -> main.tsx,
 * the package.json scripts -> server.ts and build.mjs, @agency/shared's `exports`); the rest are
 * listed here. Test files are entries: what only a test uses is not dead.
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs', 'bench/*.mjs', 'e2e/*.spec.ts', 'scripts/**/*.test.ts'],
      project: ['scripts/**/*.{mjs,ts}', 'bench/**/*.mjs', 'e2e/**/*.ts', '*.{ts,js}'],
      ignoreDependencies: [
        // bench/ and e2e/ drive and measure the apps with the apps' own (hoisted) dependencies, so they use the same versions.
        'pg', 'exceljs', 'fastify', 'csv-parse', '@electric-sql/pglite', 'ioredis', 'drizzle-orm', 'pdfkit', '@mantine/core',
        // Installed with lighthouse, exceljs and @playwright/test: bench/ uses them directly (chrome-launcher, the sax parser, a bare browser).
        'chrome-launcher', 'saxes', 'playwright-core',
        // Loaded with createRequire in apps/server/test/s3-server.ts (s3rver ships no types), which knip does not follow.
        's3rver',
      ],
      // apps/server/test/disk-full.test.ts mounts a small tmpfs (the system's mount/umount, not a package).
      ignoreBinaries: ['mount', 'umount'],
    },
    'packages/shared': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
      // The apps are its only users: an export of src/index.ts that neither uses is dead too.
      includeEntryExports: true,
    },
    'apps/server': {
      entry: [
        'src/db/*-cli.ts',
        // Loaded as a worker thread by parse-in-worker.ts (by file URL), and bundled on its own by build.mjs.
        'src/modules/uploads/parse-worker.ts',
        // Fixture generators, run by hand after a change (`node --import tsx ...`, see their headers).
        'src/modules/uploads/fixtures/**/make-*.ts',
        'src/**/*.test.ts',
        'test/**/*.test.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts', '*.{mjs,ts}'],
      // invoice-pdf.ts reads its TTF files with require.resolve('dejavu-fonts-ttf/ttf/...'), which knip does not follow.
      ignoreDependencies: ['dejavu-fonts-ttf'],
    },
    'apps/web': {
      // The landing page rendered at build time (`vite build --ssr src/prerender/render-landing.tsx`).
      entry: ['src/prerender/render-landing.tsx', 'src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx}', '*.ts'],
      // The web tests' environment: named in the root vitest.config.ts, so knip looks for it at the root.
      ignoreDependencies: ['jsdom'],
    },
  },
};

export default config;
