import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, landingPageFile, type Locale } from '@agency/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { injectShareHead, sharePageOf, type ShareHead, type SharePage } from '../modules/sharing/share-head.ts';
import { sendError } from './errors.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The head of a shareable page (`/`, `/kayit`) for this request (modules/sharing): title,
 * description and link-preview tags in the visitor's language; null sends the page as built.
 */
export type SharePageHead = (request: FastifyRequest, page: SharePage) => Promise<ShareHead | null>;

export interface StaticWebOptions {
  pageHead?: SharePageHead;
}

/** `br`, else `gzip`, if the browser accepts it (a `q=0` refuses); else null (plain). */
function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...parameters]) => !parameters.some((parameter) => /^\s*q=0(?:\.0*)?\s*$/.test(parameter)))
      .map(([coding]) => coding?.trim()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Compressed pages with their head, by content and encoding: few variants (pages x languages x settings), bounded. */
const MAX_COMPRESSED_PAGES = 64;

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
 * `/` and `/kayit` get the head `options.pageHead` writes for the request (title, description and
 * link-preview tags in the visitor's language: modules/sharing), compressed here.
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string, options: StaticWebOptions = {}): Promise<void> {
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

  // The built pages never change while the server runs: read once, on first use.
  const pages = new Map<string, Promise<string>>();
  const readPage = (file: string) => {
    let page = pages.get(file);
    if (!page) {
      page = readFile(join(webDistDir, file), 'utf8');
      page.catch(() => pages.delete(file));
      pages.set(file, page);
    }
    return page;
  };
  const compressed = new Map<string, Buffer>();

  /**
   * A shareable page with its head written for this request, compressed as the browser accepts
   * (brotli, then gzip), with an ETag of its content. The body depends on the language cookie and
   * Accept-Language (the head) and the encoding: Vary says so.
   */
  const sendWithHead = async (request: FastifyRequest, reply: FastifyReply, page: string, head: ShareHead) => {
    const html = injectShareHead(page, head);
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 22);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const etag = `"${hash}${encoding ? `-${encoding}` : ''}"`;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie, Accept-Language')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (!encoding) return reply.send(html);
    const key = `${hash}:${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })
          : await gzipAsync(html, { level: 6 });
      if (compressed.size >= MAX_COMPRESSED_PAGES) compressed.clear();
      compressed.set(key, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  };

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    const file = path === '/' ? landingPageFile(landingLanguage(request.headers.cookie, prerendered)) : shell;
    const sharePage = sharePageOf(path);
    if (sharePage && options.pageHead) {
      // Without a head (the settings could not be read) the page goes out as built: it still works.
      const head = await options.pageHead(request, sharePage).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page head not written; sending the page as built');
        return null;
      });
      // A page without a head (not the build's) is sent as it is.
      const page = head ? await readPage(file) : '';
      if (head && page.includes('</head>')) return sendWithHead(request, reply, page, head);
    }
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
