// `npm run borders`: the modules' borders. A file of one server module (apps/server/src/modules/<a>/)
// or web feature (apps/web/src/features/<a>/) may use another (<b>) only through <b>/index.ts, the
// things <b> offers the others; its repositories, tables, services and screens are its own.
// Tests may reach further (they build what they check). The server's imports that crossed a
// border when the rule came are listed in scripts/borders-baseline.json: that list may only get
// shorter (a listed import that is gone must leave it), and nothing new may cross.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = [
  { name: 'server module', dir: 'apps/server/src/modules' },
  { name: 'web feature', dir: 'apps/web/src/features' },
];
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
// import ... from '...', export ... from '...', import('...'), import '...'
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) yield path;
  }
}

/** The module or feature a path belongs to within `areaDir`, or null. */
function unitOf(areaDir, path) {
  const rel = relative(areaDir, path);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0];
}

export function crossings() {
  const found = [];
  for (const area of AREAS) {
    const areaDir = join(root, area.dir);
    for (const file of files(areaDir)) {
      const from = unitOf(areaDir, file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(SPECIFIER)) {
        const target = resolve(dirname(file), match[1]);
        const to = unitOf(areaDir, target);
        if (!to || to === from) continue;
        if (relative(join(areaDir, to), target) === 'index.ts') continue;
        found.push(`${relative(root, file)} -> ${relative(root, target)}`);
      }
    }
  }
  return [...new Set(found)].sort();
}

const baselinePath = join(root, 'scripts/borders-baseline.json');
const baseline = new Set(JSON.parse(readFileSync(baselinePath, 'utf8')).crossings);
const now = crossings();
const added = now.filter((line) => !baseline.has(line));
const gone = [...baseline].filter((line) => !now.includes(line));
if (added.length > 0 || gone.length > 0) {
  if (added.length > 0) console.error(`Imports across a module's border (use the other module's index.ts):\n  ${added.join('\n  ')}`);
  if (gone.length > 0) console.error(`No longer crossing: remove from scripts/borders-baseline.json:\n  ${gone.join('\n  ')}`);
  process.exit(1);
}
console.log(`borders check passed: ${now.length} known crossings left in scripts/borders-baseline.json, none new`);
