import { createInflateRaw } from 'node:zlib';
import { UPLOAD_MAX_UNCOMPRESSED_BYTES, UPLOAD_MAX_ZIP_ENTRIES } from '@agency/shared';
import { UploadFileError } from './upload-file-error.ts';

/**
 * The zip guard of `.xlsx` uploads, run BEFORE exceljs inflates anything:
 * 1. the end-of-central-directory record and the central directory are read by hand: more than
 *    UPLOAD_MAX_ZIP_ENTRIES entries, a declared total above UPLOAD_MAX_UNCOMPRESSED_BYTES or a
 *    compression ratio no spreadsheet has is a zip bomb (413); anything malformed is corrupt (400);
 * 2. the entries must tile the file from byte 0 to the central directory (no hidden local entries
 *    that a streaming unzip would read but the directory does not list);
 * 3. every entry is inflated once, counting bytes and keeping none, and stopped as soon as it
 *    exceeds its declared size: the declared sizes cannot lie.
 * The .xlsx reader (xlsx-reader.ts) runs 1-2 itself, verifies (3) the entries it does not read,
 * and reads the ones it needs (workbook, relationships, shared strings, a sheet) through
 * `streamEntry`, which makes the same check while it inflates (more than declared: 413; less, or
 * bad deflate data: 400), so each part is inflated once, never whole and never synchronously.
 */

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
/** Spreadsheet XML compresses 5-30x; a ratio above this on a large entry is a bomb. */
const MAX_COMPRESSION_RATIO = 200;
const RATIO_CHECK_FROM_BYTES = 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxRatio: number;
}

const DEFAULT_LIMITS: ZipLimits = {
  maxEntries: UPLOAD_MAX_ZIP_ENTRIES,
  maxUncompressedBytes: UPLOAD_MAX_UNCOMPRESSED_BYTES,
  maxRatio: MAX_COMPRESSION_RATIO,
};

function corrupt(reason: string): UploadFileError {
  return new UploadFileError('UPLOAD_CORRUPT', `The spreadsheet is damaged (${reason}); export it again.`);
}

function bomb(reason: string): UploadFileError {
  return new UploadFileError('UPLOAD_ZIP_BOMB', `The spreadsheet was refused: ${reason}.`);
}

function findEndOfCentralDirectory(data: Buffer): number {
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let offset = data.length - 22; offset >= earliest; offset -= 1) {
    if (data.readUInt32LE(offset) === EOCD_SIGNATURE) return offset;
  }
  throw corrupt('no end of central directory');
}

function safeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw bomb(`${what} is too large`);
  return Number(value);
}

/** Reads the central directory; throws UploadFileError (400 corrupt, 413 bomb). */
export function readZipDirectory(data: Buffer, limits: ZipLimits = DEFAULT_LIMITS): ZipEntry[] {
  if (data.length < 22) throw corrupt('too short');
  const eocd = findEndOfCentralDirectory(data);
  let entryCount = data.readUInt16LE(eocd + 10);
  let directorySize = data.readUInt32LE(eocd + 12);
  let directoryOffset = data.readUInt32LE(eocd + 16);
  const locator = eocd - 20;
  if (locator >= 0 && data.readUInt32LE(locator) === ZIP64_LOCATOR_SIGNATURE) {
    const zip64Offset = safeNumber(data.readBigUInt64LE(locator + 8), 'the directory offset');
    if (zip64Offset + 56 > data.length || data.readUInt32LE(zip64Offset) !== ZIP64_EOCD_SIGNATURE) throw corrupt('bad zip64 record');
    entryCount = safeNumber(data.readBigUInt64LE(zip64Offset + 32), 'the entry count');
    directorySize = safeNumber(data.readBigUInt64LE(zip64Offset + 40), 'the directory size');
    directoryOffset = safeNumber(data.readBigUInt64LE(zip64Offset + 48), 'the directory offset');
  }
  if (entryCount > limits.maxEntries) throw bomb(`${entryCount} entries (at most ${limits.maxEntries})`);
  if (entryCount === 0) throw corrupt('no entries');
  if (directoryOffset + directorySize > data.length) throw corrupt('directory outside the file');

  const entries: ZipEntry[] = [];
  let total = 0;
  let position = directoryOffset;
  for (let index = 0; index < entryCount; index += 1) {
    if (position + 46 > data.length || data.readUInt32LE(position) !== CENTRAL_SIGNATURE) throw corrupt('bad directory entry');
    const flags = data.readUInt16LE(position + 8);
    const method = data.readUInt16LE(position + 10);
    let compressedSize = data.readUInt32LE(position + 20);
    let uncompressedSize = data.readUInt32LE(position + 24);
    const nameLength = data.readUInt16LE(position + 28);
    const extraLength = data.readUInt16LE(position + 30);
    const commentLength = data.readUInt16LE(position + 32);
    let localOffset = data.readUInt32LE(position + 42);
    const nameEnd = position + 46 + nameLength;
    if (nameEnd + extraLength + commentLength > data.length) throw corrupt('bad directory entry');
    const name = data.toString('utf8', position + 46, nameEnd);
    // Zip64 sizes live in the extra field (id 1) when the 32-bit ones are 0xFFFFFFFF.
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      let extra = nameEnd;
      const extraEnd = nameEnd + extraLength;
      while (extra + 4 <= extraEnd) {
        const id = data.readUInt16LE(extra);
        const size = data.readUInt16LE(extra + 2);
        if (id === 1) {
          let field = extra + 4;
          const read = () => {
            if (field + 8 > extra + 4 + size) throw corrupt('bad zip64 field');
            const value = safeNumber(data.readBigUInt64LE(field), 'an entry size');
            field += 8;
            return value;
          };
          if (uncompressedSize === 0xffffffff) uncompressedSize = read();
          if (compressedSize === 0xffffffff) compressedSize = read();
          if (localOffset === 0xffffffff) localOffset = read();
        }
        extra += 4 + size;
      }
    }
    if (method !== 0 && method !== 8) throw corrupt(`unsupported compression method ${method}`);
    if (method === 0 && compressedSize !== uncompressedSize) throw corrupt('stored entry sizes differ');
    total += uncompressedSize;
    if (total > limits.maxUncompressedBytes) {
      throw bomb(`it unpacks to more than ${Math.round(limits.maxUncompressedBytes / 1024 / 1024)} MB`);
    }
    if (uncompressedSize > RATIO_CHECK_FROM_BYTES && uncompressedSize > Math.max(1, compressedSize) * limits.maxRatio) {
      throw bomb(`"${name}" is compressed ${Math.round(uncompressedSize / Math.max(1, compressedSize))} times`);
    }
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localOffset });
    position = nameEnd + extraLength + commentLength;
  }
  checkTiling(data, entries, directoryOffset);
  return entries;
}

function dataStartOf(data: Buffer, entry: ZipEntry): number {
  const offset = entry.localOffset;
  if (offset + 30 > data.length || data.readUInt32LE(offset) !== LOCAL_SIGNATURE) throw corrupt(`bad local header of "${entry.name}"`);
  return offset + 30 + data.readUInt16LE(offset + 26) + data.readUInt16LE(offset + 28);
}

/** The local entries, in file order, must cover [0, directory) exactly. */
function checkTiling(data: Buffer, entries: readonly ZipEntry[], directoryOffset: number): void {
  const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  for (const entry of ordered) {
    if (entry.localOffset !== expected) throw corrupt('entries do not match the directory');
    let end = dataStartOf(data, entry) + entry.compressedSize;
    if (entry.flags & 0x08) {
      // Data descriptor after the data: optional signature, crc, two sizes (4 or 8 bytes each).
      const signed = end + 4 <= data.length && data.readUInt32LE(end) === DESCRIPTOR_SIGNATURE;
      const zip64 = entry.compressedSize >= 0xffffffff || entry.uncompressedSize >= 0xffffffff;
      end += (signed ? 4 : 0) + 4 + (zip64 ? 16 : 8);
    }
    if (end > directoryOffset) throw corrupt('entries overlap the directory');
    expected = end;
  }
  if (expected !== directoryOffset) throw corrupt('unlisted data before the directory');
}

/** Inflates one entry, counting bytes; rejects once it passes its declared size. */
export function verifyEntry(data: Buffer, entry: ZipEntry): Promise<void> {
  if (entry.method === 0) return Promise.resolve();
  const start = dataStartOf(data, entry);
  const compressed = data.subarray(start, start + entry.compressedSize);
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let produced = 0;
    let settled = false;
    const fail = (error: UploadFileError) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      reject(error);
    };
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) fail(bomb(`"${entry.name}" unpacks to more than it declares`));
    });
    inflate.on('error', () => fail(corrupt(`"${entry.name}" cannot be unpacked`)));
    inflate.on('end', () => {
      if (settled) return;
      settled = true;
      if (produced !== entry.uncompressedSize) reject(corrupt(`"${entry.name}" has the wrong size`));
      else resolve();
    });
    inflate.end(compressed);
  });
}

/**
 * One entry inflated as a stream of chunks, with the guard's size check made before each chunk is
 * handed on: a chunk past the declared size is never seen by the caller (413); a short or broken
 * entry is 400 once the stream ends. Breaking out of the loop stops the inflater.
 */
export async function* streamEntry(data: Buffer, entry: ZipEntry, chunkSize = 64 * 1024): AsyncGenerator<Buffer> {
  const start = dataStartOf(data, entry);
  const compressed = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    for (let offset = 0; offset < compressed.length; offset += chunkSize) yield compressed.subarray(offset, offset + chunkSize);
    return;
  }
  const inflate = createInflateRaw({ chunkSize });
  inflate.end(compressed);
  let produced = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) throw bomb(`"${entry.name}" unpacks to more than it declares`);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof UploadFileError) throw error;
    throw corrupt(`"${entry.name}" cannot be unpacked`);
  } finally {
    inflate.destroy();
  }
  if (produced !== entry.uncompressedSize) throw corrupt(`"${entry.name}" has the wrong size`);
}
