import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';

/** Helpers of the uploads tests (not shipped code paths). */

export interface UploadRequest {
  name?: string;
  type?: string;
  data?: Buffer;
  asOf?: string;
  dryRun?: boolean;
  createUnknown?: boolean;
  extraFields?: Record<string, string>;
}

/** A multipart body as a browser's FormData sends it: the text fields, then the file. */
export function uploadBody(request: UploadRequest) {
  const boundary = `----agency-upload-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (request.asOf !== undefined) field('asOf', request.asOf);
  if (request.dryRun !== undefined) field('dryRun', String(request.dryRun));
  if (request.createUnknown !== undefined) field('createUnknown', String(request.createUnknown));
  for (const [name, value] of Object.entries(request.extraFields ?? {})) field(name, value);
  if (request.data) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${request.name ?? 'creator-data.xlsx'}"\r\nContent-Type: ${request.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      request.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function postUpload(app: FastifyInstance, token: string, request: UploadRequest) {
  const { payload, headers } = uploadBody(request);
  const response = await app.inject({ method: 'POST', url: '/api/admin/uploads', payload, headers: { ...headers, accesstoken: token } });
  return { status: response.statusCode, body: response.json() as { error: boolean; code?: string; message?: string; data?: unknown; details?: unknown[] } };
}

/** A CSV of the backstage columns from [username, diamonds, validDays, hours]. */
export function backstageCsv(rows: readonly (readonly [string, number | string, number?, number?])[]): Buffer {
  const lines = ['Exported at 2026-09-16 08:37 UTC+0', "Creator's username,Diamonds,LIVE duration,Valid go LIVE days"];
  for (const [username, diamonds, validDays = 0, hours = 0] of rows) lines.push(`${username},"${diamonds}",${hours}h,${validDays}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The same as an .xlsx (in memory). */
export async function backstageXlsx(rows: readonly (readonly [string, number, number?, number?])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Creator data');
  sheet.addRow(['Exported at 2026-09-16 08:37 UTC+0']);
  sheet.addRow(["Creator's username", 'Diamonds', 'LIVE duration', 'Valid go LIVE days']);
  for (const [username, diamonds, validDays = 0, hours = 0] of rows) sheet.addRow([username, diamonds, `${hours}h`, validDays]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ZipTestEntry {
  name: string;
  /** The bytes as stored (already deflated when `method` is 8). */
  stored: Buffer;
  method?: 0 | 8;
  /** What the directory claims the entry unpacks to. */
  declaredSize: number;
}

/** A zip written by hand, so tests can make it lie (sizes, entry counts). CRCs are left 0. */
export function buildZip(entries: readonly ZipTestEntry[], options: { declaredEntryCount?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.method ?? 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = options.declaredEntryCount ?? entries.length;
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
