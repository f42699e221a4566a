import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/**
 * The bytes of the multipart field `file` (one file, at most `maxBytes`). Errors carry the
 * catalogue codes: IMAGE_EMPTY (400), IMAGE_TOO_LARGE (413), UNSUPPORTED_MEDIA_TYPE (415, not multipart).
 * Needs @fastify/multipart registered in the route's scope.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  let file;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  } catch (error) {
    if (errorCode(error) === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw error;
  }
  if (!file || file.fieldname !== 'file') throw new AppError('IMAGE_EMPTY');
  try {
    const data = await file.toBuffer();
    if (data.length === 0) throw new AppError('IMAGE_EMPTY');
    return data;
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('IMAGE_TOO_LARGE', { details: [{ path: 'file', message: `At most ${maxBytes} bytes` }] });
    }
    throw error;
  }
}

/**
 * Pictures are shown, never run: inline, with the stored type, no sniffing. A person's picture
 * (`private`) is personal data and is not kept by any cache; the agency's logo (`public`) may be.
 */
export function sendImage(
  reply: FastifyReply,
  image: { contentType: 'image/png' | 'image/jpeg'; data: Buffer },
  cache: 'private' | 'public',
): FastifyReply {
  return reply
    .header('content-type', image.contentType)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache === 'public' ? 'public, max-age=300' : 'private, no-store')
    .send(image.data);
}

/**
 * `attachment` with a file name a browser shows as it was: an ASCII fallback (`filename`, quotes,
 * backslashes and control characters replaced) and the exact UTF-8 name (`filename*`, RFC 5987).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\;%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
