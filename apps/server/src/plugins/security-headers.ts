import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict headers for everything: scripts only from this origin, no inline scripts, no framing.
 * Inline styles stay allowed because Mantine writes its styles at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // The API reads JSON and multipart only. Fastify also parses text/plain, the type a cross-site
  // form can post without a preflight; without the parser such a body answers 415.
  app.removeContentTypeParser('text/plain');
  await app.register(helmet, {
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
  });
}
