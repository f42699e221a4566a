// Bundles src/server.ts into dist/server.js. Runtime packages stay external (installed in
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
  entryPoints: [join(root, 'src/server.ts')],
  outfile: join(root, 'dist/server.js'),
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
console.log('server bundle written to dist/server.js');
