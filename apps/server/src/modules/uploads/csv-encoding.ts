import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { Pacer } from './pacer.ts';

/**
 * The CSV reader's (csv-reader.ts) encoding detection.
 *
 * Encoding (`detectEncoding`), in this order:
 * 1. a byte order mark: UTF-8, UTF-16 LE/BE, UTF-32 LE/BE;
 * 2. UTF-16 without a mark, by the NUL pattern of its first 4 KiB (at least 32 bytes): text that
 *    is mostly ASCII has a NUL in every other byte (in at least 30% of the byte pairs, on the odd
 *    bytes for LE, the even ones for BE, and almost never on the other side);
 * 3. bytes that are valid UTF-8 (pure ASCII included): UTF-8;
 * 4. otherwise jschardet, on 32 KiB from the first non-ASCII byte. When it names an 8-bit Latin
 *    charset (any windows-125x / ISO-8859-x / Mac / DOS Latin code page, or nothing, or ASCII),
 *    which of windows-1254 (Turkish Excel's "CSV") and windows-1252 (Western) it is, is decided
 *    by THE TURKISH RULE: windows-1254 when at least one of the bytes that are letters only in
 *    Turkish, 0xD0 0xDD 0xDE 0xF0 0xFD 0xFE (Ğ İ Ş ğ ı ş; in windows-1252 the Icelandic Ð Ý Þ ð ý
 *    þ), stands next to a letter (ASCII, or 0xC0-0xFF except × ÷, or Š Œ Ž š œ ž Ÿ), anywhere in
 *    the file; else windows-1252. jschardet alone is not used for this: on a short Turkish file it
 *    answers Windows-1254, ISO-8859-9, iso8859-3, MacTurkish or Windows-1252 almost at random
 *    (confidence ~0.1). The cost: an Icelandic windows-1252 file reads as Turkish; a Central
 *    European (windows-1250) one as Western or Turkish. A non-Latin answer (Cyrillic, Greek,
 *    Hebrew, Arabic, Thai, CJK, UTF-16 without a mark) is taken as it is when iconv-lite knows it.
 * Decoded by iconv-lite (UTF-8 files are handed to csv-parse as they are).
 */

const DETECT_BYTES = 32 * 1024;

function byteOrderMark(data: Buffer): string | null {
  const [a, b, c, d] = [data[0], data[1], data[2], data[3]];
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return 'utf-32le';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'utf-32be';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 without a byte order mark: NULs on one side of the byte pairs only. */
function utf16ByNuls(data: Buffer): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(data.length, 4096) / 2);
  // A header row alone is longer than 16 characters: less is no evidence (and a few binary bytes are not text).
  if (pairs < 16) return null;
  let even = 0;
  let odd = 0;
  for (let index = 0; index < pairs; index += 1) {
    if (data[index * 2] === 0) even += 1;
    if (data[index * 2 + 1] === 0) odd += 1;
  }
  if (odd >= pairs * 0.3 && even <= odd * 0.05) return 'utf-16le';
  if (even >= pairs * 0.3 && odd <= even * 0.05) return 'utf-16be';
  return null;
}

const LATIN_CHARSET =
  /^(?:ascii|usascii|(?:windows|cp)125[0247]|iso8859(?:1|2|3|4|9|10|13|14|15|16)|latin\d*|mac(?:roman|intosh|turkish|latin2|iceland|centeuro)|(?:cp|ibm)(?:437|850|852|857|858))$/;

const TURKISH_ONLY = new Uint8Array(256);
for (const byte of [0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]) TURKISH_ONLY[byte] = 1;
const LETTER = new Uint8Array(256);
for (let byte = 0x41; byte <= 0x5a; byte += 1) LETTER[byte] = LETTER[byte + 0x20] = 1;
for (let byte = 0xc0; byte <= 0xff; byte += 1) LETTER[byte] = byte === 0xd7 || byte === 0xf7 ? 0 : 1;
for (const byte of [0x8a, 0x8c, 0x8e, 0x9a, 0x9c, 0x9e, 0x9f]) LETTER[byte] = 1;

/** The Turkish rule (see the top of the file): a Turkish-only byte next to a letter. */
async function hasTurkishLetters(data: Buffer, pacer = new Pacer()): Promise<boolean> {
  const step = 1024 * 1024;
  for (let start = 0; start < data.length; start += step) {
    const end = Math.min(data.length, start + step);
    for (let index = start; index < end; index += 1) {
      if (TURKISH_ONLY[data[index]!] && ((index > 0 && LETTER[data[index - 1]!]) || (index + 1 < data.length && LETTER[data[index + 1]!]))) return true;
    }
    await pacer.pace();
  }
  return false;
}

/** The file's encoding as an iconv-lite name (see the top of the file for the rules). */
export async function detectEncoding(data: Buffer, pacer = new Pacer()): Promise<string> {
  const marked = byteOrderMark(data);
  if (marked) return marked;
  const utf16 = utf16ByNuls(data);
  if (utf16) return utf16;
  if (isUtf8(data)) return 'utf-8';
  let firstHigh = 0;
  while (firstHigh < data.length && data[firstHigh]! < 0x80) firstHigh += 1;
  const sampleStart = Math.max(0, firstHigh - 256);
  // Loaded here, not with the module: the parse worker starts ~0.05 s sooner, and most files never get this far.
  const { default: jschardet } = await import('jschardet');
  const answer = jschardet.detect(data.subarray(sampleStart, sampleStart + DETECT_BYTES)).encoding;
  // jschardet says `utf-16-le`, iconv-lite `utf-16le`.
  const name = (answer ?? '').toLowerCase().replace(/^utf-(16|32)-(le|be)$/, 'utf-$1$2');
  const compact = name.replace(/[^a-z0-9]/g, '');
  if (compact === 'utf8') return 'utf-8';
  if (name !== '' && !LATIN_CHARSET.test(compact) && iconv.encodingExists(name)) return name;
  return (await hasTurkishLetters(data, pacer)) ? 'windows-1254' : 'windows-1252';
}
