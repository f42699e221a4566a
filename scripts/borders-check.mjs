// `npm run borders`: the modules' borders. A file of one server module (apps/server/src/modules/<a>/)
// or web feature (apps/web/src/features/<a>/) may use another (<b>) only through <b>/index.ts, the
// things <b> offers the others; its repositories, tables, services and screens are its own.
// Tests may reach further (they build what they check). The server's imports that crossed a
// border when the rule came are listed in scripts/borders-baseline.json: that list may only get
// shorter (a listed import that is gone must leave it), and nothing new may cross.
// Cycles: modules that import each other, directly or round a ring (index.ts imports included),
// form a knot; the knots are listed in the baseline too, and no new one may form or grow.
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

/** Every import from one module or feature to another: `area`, `from`, `to`, and the line for the report. */
function imports() {
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
        found.push({ area: area.name, from, to, viaIndex: relative(join(areaDir, to), target) === 'index.ts', line: `${relative(root, file)} -> ${relative(root, target)}` });
      }
    }
  }
  return found;
}

/** The knots of the module graph (strongly connected parts of more than one module), as `area: a, b, c`. */
function knots(edges) {
  const result = [];
  for (const area of AREAS) {
    const next = new Map();
    for (const edge of edges.filter((item) => item.area === area.name)) {
      if (!next.has(edge.from)) next.set(edge.from, new Set());
      if (!next.has(edge.to)) next.set(edge.to, new Set());
      next.get(edge.from).add(edge.to);
    }
    // Tarjan's strongly connected components.
    let counter = 0;
    const index = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    const visit = (node) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      for (const to of next.get(node)) {
        if (!index.has(to)) {
          visit(to);
          low.set(node, Math.min(low.get(node), low.get(to)));
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
      }
      if (low.get(node) === index.get(node)) {
        const part = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          part.push(member);
        } while (member !== node);
        if (part.length > 1) result.push(`${area.name}: ${part.sort().join(', ')}`);
      }
    };
    for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  }
  return result.sort();
}

const baselinePath = join(root, 'scripts/borders-baseline.json');
const baselineFile = JSON.parse(readFileSync(baselinePath, 'utf8'));
const edges = imports();
const problems = [];
const compare = (what, known, now, addedText, goneText) => {
  const added = now.filter((line) => !known.has(line));
  const gone = [...known].filter((line) => !now.includes(line));
  if (added.length > 0) problems.push(`${addedText}:\n  ${added.join('\n  ')}`);
  if (gone.length > 0) problems.push(`${goneText} (remove from scripts/borders-baseline.json, "${what}"):\n  ${gone.join('\n  ')}`);
  return now.length;
};
const crossingCount = compare(
  'crossings',
  new Set(baselineFile.crossings),
  [...new Set(edges.filter((edge) => !edge.viaIndex).map((edge) => edge.line))].sort(),
  "Imports across a module's border (use the other module's index.ts)",
  'No longer crossing',
);
const knotCount = compare('knots', new Set(baselineFile.knots ?? []), knots(edges), 'Modules that import each other (a new or a larger knot)', 'A knot that is gone or smaller');
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`borders check passed: ${crossingCount} known crossings and ${knotCount} known knots left in scripts/borders-baseline.json, none new`);
