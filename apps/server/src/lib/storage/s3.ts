import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { AppError } from '../app-error.ts';
import type { FileStorage, StoredFile } from './file-storage.ts';
import { assertStorageKey, contentTypeOfKey, isStorageKey, type StorageFolder } from './keys.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, s3rver...); AWS when unset. */
  endpoint?: string | undefined;
  /** Without both, the SDK's default chain (environment, instance role...) is used. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
  /** Prepended to every key (`<prefix>/<key>`), to share a bucket. */
  prefix?: string | undefined;
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/** Objects in an S3-compatible bucket; each stored with the content type of its key's extension. */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client; objectKey(key: string): string } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  const Bucket = options.bucket;

  return {
    client,
    objectKey,
    async put(key, data) {
      try {
        // One PutObject is all or nothing: S3 never shows a half-written object.
        await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentTypeOfKey(key), ContentLength: data.length }));
      } catch (error) {
        // A quota or a full volume behind an S3-compatible server (MinIO answers 507).
        if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 507 || error.name === 'XMinioStorageFull')) {
          throw new AppError('STORAGE_FULL');
        }
        throw error;
      }
    },
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!response.Body) return null;
        return Buffer.from(await response.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async list(folder: StorageFolder): Promise<StoredFile[]> {
      const files: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${folder}/`, ...(ContinuationToken ? { ContinuationToken } : {}) }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key && isStorageKey(key)) files.push({ key, modifiedAt: object.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
  };
}
