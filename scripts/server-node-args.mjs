import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The options `npm run start:built` (and so `npm start`) gives node before the server bundle, read
 * from package.json, so that start:cluster and the benches run the server exactly as `npm start`
 * does (today `--expose-gc`, for the collection after each import: docs/decisions/006).
 */
export function serverNodeArgs() {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['start:built'];
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'apps/server/dist/server.js') {
    throw new Error(`package.json "start:built" is not "node [options] apps/server/dist/server.js": ${script}`);
  }
  return words.slice(1, -1);
}
