import sharp from 'sharp';
import { AppError } from './app-error.ts';

export type ImageType = 'png' | 'jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG by the file's first bytes (the name and the declared type are not trusted). */
function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}

export function imageExtension(type: ImageType): 'png' | 'jpg' {
  return type === 'png' ? 'png' : 'jpg';
}

export function imageContentType(key: string): 'image/png' | 'image/jpeg' {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/** Decompression bombs: a small file that decodes into a huge bitmap is refused. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks the type by content, then decodes and re-encodes the picture in the same format:
 * turned upright (EXIF), at most `maxSide` x `maxSide`, metadata dropped.
 */
export async function normalizeImage(data: Buffer, maxSide: number): Promise<{ type: ImageType; data: Buffer }> {
  if (data.length === 0) throw new AppError('IMAGE_EMPTY');
  const type = detectImageType(data);
  if (!type) throw new AppError('IMAGE_TYPE_INVALID');
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const output = type === 'png' ? await pipeline.png().toBuffer() : await pipeline.jpeg({ quality: 85 }).toBuffer();
    return { type, data: output };
  } catch {
    // The header said PNG/JPEG but the rest does not decode: not an image we accept.
    throw new AppError('IMAGE_TYPE_INVALID');
  }
}

/**
 * True when the bytes decode as a whole picture (not only a PNG/JPEG signature in front of
 * something else, such as HTML). For files kept as uploaded, like custom invoices.
 */
export async function isDecodableImage(data: Buffer): Promise<boolean> {
  try {
    await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).stats();
    return true;
  } catch {
    return false;
  }
}
