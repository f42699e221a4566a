// Bundles src/server.ts into dist/server.js (and the upload's parse worker into dist/upload-parse-worker.js). Runtime packages stay external (installed in
// node_modules); @agency/shared is TypeScript source and is bundled. Migrations are copied
// beside the bundle, where src/config/paths.ts looks for them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => name !== '@agency/shared');

rmSync(join(root, 'dist'), { recursive: true, force: true });

await build({
  // The upload's parse worker is its own entry: a worker thread loads it by its file name
  // (src/modules/uploads/parse-in-worker.ts looks for it beside server.js).
  entryPoints: { server: join(root, 'src/server.ts'), 'upload-parse-worker': join(root, 'src/modules/uploads/parse-worker.ts') },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Also keeps sub-paths external (drizzle-orm/pglite, libphonenumber-js/max, ...).
  external: external.flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});

cpSync(join(root, 'src/db/migrations'), join(root, 'dist/migrations'), { recursive: true });
console.log('server bundle written to dist/server.js and dist/upload-parse-worker.js');
