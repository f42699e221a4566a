import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files are found relative to the server package, not to the working directory, so the same code
 * works from src/ (tsx, vitest) and from the bundled dist/server.js.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@agency/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @agency/server package root');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
const runningFromBundle = fileURLToPath(import.meta.url).startsWith(join(SERVER_ROOT, 'dist') + sep);

/** The build copies the migrations beside the bundle; from source they are read in place. */
export const MIGRATIONS_DIR = runningFromBundle
  ? join(SERVER_ROOT, 'dist', 'migrations')
  : join(SERVER_ROOT, 'src', 'db', 'migrations');

/** The web app's production build: apps/web/dist in this repository. */
export const DEFAULT_WEB_DIST_DIR = resolve(SERVER_ROOT, '..', 'web', 'dist');
