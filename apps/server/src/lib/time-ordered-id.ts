import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from one buffer filled 8 KB at a time: a call of the system's random source
 * for every id (two per id) cost ~0.2 s of the 100,000 ids of a new agency's first upload.
 */
class RandomPool {
  private readonly pool = Buffer.alloc(8192);
  private offset = this.pool.length;

  /** `count` (at most 16) fresh random bytes, valid until the next call. */
  take(count: number): Buffer {
    if (this.offset + count > this.pool.length) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const bytes = this.pool.subarray(this.offset, this.offset + count);
    this.offset += count;
    return bytes;
  }
}

/**
 * Ids for rows written in bulk (the creators a new agency's first upload makes): UUID version 7
 * (RFC 9562): 48 bits of Unix milliseconds, then a 30-bit counter (method 1: fixed-length
 * dedicated counter, seeded at random below 2^29 each new millisecond, so it never runs out within
 * one), then 44 random bits. Each id is greater than the one before in this process, so 100,000
 * new creators go to the right-hand end of the primary key and of `creator_months`' key instead
 * of 100,000 random places: on PostgreSQL that wrote a new agency's creators and their month in
 * ~2.6 s of database work instead of ~3.6 s (docs/decisions/006). The id tells when the row was
 * made, which the creator's join date shows anyway; it is no secret and no permission.
 */
export function createTimeOrderedIds(now: () => number = Date.now): () => string {
  const entropy = new RandomPool();
  let lastMs = -1;
  let counter = 0;
  return () => {
    let ms = now();
    if (ms <= lastMs) {
      ms = lastMs;
      counter += 1;
      if (counter >= 2 ** 30) {
        // Not reachable at a random seed below 2^29 and fewer than 2^29 ids a millisecond; kept monotonic anyway.
        ms += 1;
        counter = entropy.take(4).readUInt32BE(0) >>> 3;
      }
    } else {
      counter = entropy.take(4).readUInt32BE(0) >>> 3;
    }
    lastMs = ms;
    const random = entropy.take(6);
    const bytes = Buffer.alloc(16);
    bytes.writeUIntBE(ms, 0, 6);
    // Version 7 in the high nibble of byte 6; the counter's top 12 bits fill the rest of bytes 6-7.
    bytes[6] = 0x70 | ((counter >>> 26) & 0x0f);
    bytes[7] = (counter >>> 18) & 0xff;
    // Variant 10 in the top bits of byte 8, then the counter's low 18 bits, then 44 random bits.
    bytes[8] = 0x80 | ((counter >>> 12) & 0x3f);
    bytes[9] = (counter >>> 4) & 0xff;
    bytes[10] = ((counter & 0x0f) << 4) | (random[0]! & 0x0f);
    random.copy(bytes, 11, 1, 6);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

/** The process's one sequence of time-ordered ids. */
export const timeOrderedId = createTimeOrderedIds();
