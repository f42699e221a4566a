import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { InjectResult } from './helpers.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----agency-test-${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** PUT of one file in the field `file`. */
export async function uploadFile(
  app: FastifyInstance,
  url: string,
  token: string,
  file: { name: string; type: string; data: Buffer },
): Promise<InjectResult> {
  const { payload, headers } = multipartFile('file', file.name, file.type, file.data);
  const response = await app.inject({ method: 'PUT', url, payload, headers: { ...headers, accesstoken: token } });
  let body: InjectResult['body'];
  try {
    body = response.json();
  } catch {
    body = { error: true, raw: response.body };
  }
  return { status: response.statusCode, body, headers: response.headers };
}
