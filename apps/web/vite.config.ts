import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm run build` puts the server build of src/prerender/render-landing.tsx (before the client build). */
const PRERENDER_BUNDLE = 'node_modules/.prerender/render-landing.js';

/**
 * Puts the landing page, rendered at build time in the default language, into #root of index.html
 * (served for `/` only) and keeps the empty shell as app.html (every other path): the first paint
 * of the landing page needs no JavaScript; main.tsx hydrates it (docs/decisions/013).
 */
async function prerenderLanding(root: string, outDir: string): Promise<void> {
  const bundle = join(root, PRERENDER_BUNDLE);
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build it first (npm run build -w @agency/web)`);
  const { renderLanding, PRERENDERED_ATTRIBUTE, LOCALES, landingPageFile, FIRST_PAINT_AFTER_ID } = (await import(`${pathToFileURL(bundle).href}?t=${Date.now()}`)) as typeof import('./src/prerender/render-landing.tsx');
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
  const empty = '<div id="root"></div>';
  if (!shell.includes(empty)) throw new Error('index.html has no empty #root');
  const fonts = extractFontFaces(shell, outDir);
  writeFileSync(join(outDir, 'app.html'), shell.replace('</head>', () => `  <link rel="stylesheet" crossorigin href="${fonts}">\n  </head>`));
  // The landing page's own styles (CSS modules, ~2 KB) load with its chunk: inline them for the first paint.
  const styles = readdirSync(join(outDir, 'assets')).filter((name) => /^landing-page-[\w-]+\.css$/.test(name));
  if (styles.length !== 1) throw new Error(`expected one landing-page CSS file, found ${styles.length}`);
  const css = readFileSync(join(outDir, 'assets', styles[0] as string), 'utf8');
  // The first paint waits for the header and the hero to be parsed whole (until the first section
  // after the hero): on a slow phone the browser painted the page half parsed, and what was parsed
  // next moved what was painted (a layout shift): the header's buttons pushed its language menu
  // aside, and the hero's last note, painted with its icon alone at the end of a line, wrapped
  // when its text came. Browsers without `rel=expect` paint as before.
  const template = landingScripts(shell, outDir, fonts).replace(
    '</head>',
    () => `  <style>${css}</style>\n  <link rel="expect" href="#${FIRST_PAINT_AFTER_ID}" blocking="render">\n  </head>`,
  );
  // One page per language (landingPageFile); the server answers `/` with the one the visitor's
  // language cookie names.
  for (const wanted of LOCALES) {
    const { html, language } = await renderLanding(wanted);
    if (language !== wanted) throw new Error(`the landing page rendered in ${language}, not ${wanted}`);
    if (!html.includes(`id="${FIRST_PAINT_AFTER_ID}"`)) throw new Error(`the landing page has no element #${FIRST_PAINT_AFTER_ID} for its first paint to wait for`);
    const page = template
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(empty, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${language}">${html}</div>`);
    writeFileSync(join(outDir, landingPageFile(wanted)), page);
  }
}

/**
 * Moves the web font's `@font-face` rules out of the shell's stylesheets into a stylesheet of their
 * own (assets/fonts-<hash>.css) and returns its URL. The app shell links it as before; the landing
 * page asks for it after its first paint (landing-boot.js), so the font files never hold up that
 * paint: until they arrive the text is drawn in 'Inter Fallback' (app/global.css), a local font
 * sized to Inter's metrics, so the swap barely moves anything.
 */
function extractFontFaces(shell: string, outDir: string): string {
  let rules = '';
  for (const [, name] of shell.matchAll(/<link rel="stylesheet" crossorigin href="\/assets\/([\w.-]+\.css)">/g)) {
    const path = join(outDir, 'assets', name as string);
    const css = readFileSync(path, 'utf8');
    const faces = (css.match(/@font-face\{[^}]*\}/g) ?? []).filter((face) => face.includes('Inter Variable'));
    if (faces.length === 0) continue;
    rules += faces.join('');
    writeFileSync(path, faces.reduce((rest, face) => rest.replace(face, ''), css));
  }
  if (!rules) throw new Error('no @font-face rules for Inter Variable in the shell stylesheets');
  const name = `fonts-${createHash('sha256').update(rules).digest('base64url').slice(0, 8)}.css`;
  writeFileSync(join(outDir, 'assets', name), rules);
  return `/assets/${name}`;
}

/**
 * The landing page's scripts start after its first paint (docs/decisions/013): the module entry and
 * its modulepreload links leave the page; one small deferred script (src/prerender/landing-boot.js,
 * written to assets/ under its content hash) adds them, and the web font's stylesheet, once the
 * browser has painted, or at the visitor's first input, whichever comes first.
 */
function landingScripts(page: string, outDir: string, fonts: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(page);
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g)];
  const boot = readFileSync(new URL('./src/prerender/landing-boot.js', import.meta.url), 'utf8');
  const bootName = `landing-boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(outDir, 'assets', bootName), boot);
  let result = page.replace(entry[0], '');
  for (const preload of preloads) result = result.replace(preload[0], '');
  const modules = preloads.map((preload) => preload[1]).join(' ');
  return result.replace('</head>', () => `  <script defer src="/assets/${bootName}" data-entry="${entry[1]}" data-preload="${modules}" data-styles="${fonts}"></script>\n  </head>`);
}

/**
 * Writes `.br` and `.gz` beside every text file of the build (scripts, styles, index.html, SVG,
 * JSON) once, at build time: the server sends them as they are (`preCompressed` in
 * apps/server/src/plugins/static-web.ts) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let root = '.';
  let ssr = false;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'agency:precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      await prerenderLanding(root, outDir);
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// The API runs on its own port in development; in production the server serves this build.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // A feature's index.ts only re-exports what the other features use (`npm run borders`): without
      // this hint the bundler counts every file it names as a dependency of every importer, and a
      // screen asking only for `usePeriodLabel` from features/earnings would load the charts too.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) },
      output: {
        codeSplitting: {
          groups: [
            // Libraries every page needs, the landing page included: one file, compressed together.
            // `use-sync-external-store/**/with-selector` is only for the charts (recharts' store): not here.
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/](?!.*with-selector)/ },
          ],
        },
      },
    },
  },
});
