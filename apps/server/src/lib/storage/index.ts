import { join } from 'node:path';
import type { Env } from '../../config/env.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';

export type { FileStorage } from './file-storage.ts';
export { createLocalStorage } from './local.ts';
export { createS3Storage } from './s3.ts';
export { contentTypeOfKey, createStorageKey } from './keys.ts';

/** S3 when S3_BUCKET is set, else the local folder DATA_DIR/uploads. */
export function createStorageFromEnv(env: Env): { storage: FileStorage; kind: 'local' | 's3' } {
  if (env.S3_BUCKET) {
    return {
      kind: 's3',
      storage: createS3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        prefix: env.S3_PREFIX,
      }),
    };
  }
  return { kind: 'local', storage: createLocalStorage(join(env.DATA_DIR, 'uploads')) };
}
