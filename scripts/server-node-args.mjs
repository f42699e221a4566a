import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run start:built` (and so `npm start`) read from package.json: the environment settings it
 * puts before `node` (`NAME=value` words: today glibc's allocator settings, docs/decisions/006)
 * and the options it gives node before the server bundle (today `--expose-gc`, for the collection
 * after each import), so that start:cluster, the benches and the tests run the server exactly as
 * `npm start` does.
 */
function startBuilt() {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['start:built'];
  const words = script.trim().split(/\s+/);
  const env = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=\S*$/.test(words[0])) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words[0] !== 'node' || words.at(-1) !== 'apps/server/dist/server.js') {
    throw new Error(`package.json "start:built" is not "[NAME=value ...] node [options] apps/server/dist/server.js": ${script}`);
  }
  return { env, args: words.slice(1, -1) };
}

/** The node options of `start:built`. */
export function serverNodeArgs() {
  return startBuilt().args;
}

/** The environment settings `start:built` puts before `node`. */
export function serverNodeEnv() {
  return startBuilt().env;
}
