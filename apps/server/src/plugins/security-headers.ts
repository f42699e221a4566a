import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict headers for everything: scripts only from this origin, no inline scripts, no framing.
 * Inline styles stay allowed because Mantine writes its styles at run time.
 */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * What helmet does to a response with `options`, recorded once: the headers it sets and the ones
 * it removes. With static directives (no nonces, no functions) every response gets the same.
 */
export function helmetHeadersOf(options: Readonly<HelmetOptions>): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown = null;
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
    finished = true;
  });
  if (failure) throw failure;
  if (!finished) throw new Error('helmet did not finish synchronously: the headers cannot be computed once');
  return { set, removed };
}

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Helmet's headers on every response, and `Cache-Control: no-store` on every API answer. @fastify/helmet rebuilt helmet's middleware and re-parsed the
 * policy on every request (9 % of a cached member summary's CPU, docs/decisions/012); the headers
 * are computed once at start and written by one hook, with the same names and values.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // The API reads JSON and multipart only. Fastify also parses text/plain, the type a cross-site
  // form can post without a preflight; without the parser such a body answers 415.
  app.removeContentTypeParser('text/plain');
  const { set, removed } = helmetHeadersOf(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of set) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
    // API answers carry personal data (IBAN, identity number, earnings): no cache keeps them
    // (docs/decisions/015). A route that may be cached says so itself (the public logo); its
    // header replaces this one.
    if (isApiUrl(request.url)) response.setHeader('cache-control', 'no-store');
    done();
  });
}
