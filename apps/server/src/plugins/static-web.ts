import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, landingPageFile, type Locale } from '@agency/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built</h1>
<p>The API is running under <code>/api</code>. Build the web app with <code>npm run build</code> and restart the server.</p>
</body></html>
`;

const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`);

/** The landing page's language: the one the language cookie names, when the build prerendered it; else the default. */
function landingLanguage(cookieHeader: string | undefined, prerendered: ReadonlySet<Locale>): Locale {
  const wanted = LANGUAGE_IN_COOKIE.exec(cookieHeader ?? '')?.[1] as Locale | undefined;
  return wanted && prerendered.has(wanted) ? wanted : DEFAULT_LOCALE;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built web app, brotli or gzip compressed when the build wrote those files and the
 * browser accepts them. Hashed files under /assets are cached for a year; index.html is
 * always revalidated. `/` answers index.html (the prerendered landing page); any other GET that is
 * not a file and not /api answers the shell app.html, so the browser router can handle the path. Unknown /api paths answer the JSON 404 envelope.
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const built = existsSync(join(webDistDir, 'index.html'));
  // The build prerenders the landing page into index.html and keeps the empty shell as app.html
  // (docs/decisions/013): `/` gets the landing page, every other path the shell, so a signed-in
  // page never shows the landing page before its script runs. Older builds have index.html only.
  const shell = existsSync(join(webDistDir, 'app.html')) ? 'app.html' : 'index.html';
  // The build prerenders it in every language (docs/decisions/013): `/` answers the visitor's.
  const prerendered = new Set(LOCALES.filter((language) => existsSync(join(webDistDir, landingPageFile(language)))));
  const landingFiles = new Set([...prerendered].map(landingPageFile));

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The web build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(join(webDistDir, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding (brotli, gzip or plain), and the landing page on
        // the language cookie: shared caches must know.
        const landing = landingFiles.has(relative(webDistDir, filePath).replace(/\.(br|gz)$/, ''));
        reply.header('vary', landing ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; serving a placeholder page');
  }

  const sendApp = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    const file = path === '/' ? landingPageFile(landingLanguage(request.headers.cookie, prerendered)) : shell;
    return reply.header('cache-control', 'no-cache').sendFile(file);
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) return sendError(reply, 'ROUTE_NOT_FOUND');
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 'ROUTE_NOT_FOUND');
    // A missing file with an extension (an old hashed asset) is a real 404, not the app shell.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendApp(request, reply, path);
  });
}
