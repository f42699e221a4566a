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
  const { renderLanding, PRERENDERED_ATTRIBUTE } = (await import(`${pathToFileURL(bundle).href}?t=${Date.now()}`)) as typeof import('./src/prerender/render-landing.tsx');
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
  const empty = '<div id="root"></div>';
  if (!shell.includes(empty)) throw new Error('index.html has no empty #root');
  const { html, language } = await renderLanding();
  writeFileSync(join(outDir, 'app.html'), shell);
  // The landing page's own styles (CSS modules, ~2 KB) load with its chunk: inline them for the first paint.
  const styles = readdirSync(join(outDir, 'assets')).filter((name) => /^landing-page-[\w-]+\.css$/.test(name));
  if (styles.length !== 1) throw new Error(`expected one landing-page CSS file, found ${styles.length}`);
  const css = readFileSync(join(outDir, 'assets', styles[0] as string), 'utf8');
  const page = shell
    .replace('</head>', () => `  <style>${css}</style>\n  </head>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`).replace(empty, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${language}">${html}</div>`);
  writeFileSync(join(outDir, 'index.html'), page);
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
