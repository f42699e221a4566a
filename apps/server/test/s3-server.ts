import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string }) => S3rverInstance;

// s3rver ships no types; it is only used here.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  /** A client of the server (path style), for tests that look into the bucket themselves. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  listKeys(bucket: string): Promise<string[]>;
  /** The S3_* variables that make the app use `bucket` on this server. */
  env(bucket: string, prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free local port, its objects in a temp folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'agency-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  return {
    endpoint,
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async listKeys(bucket) {
      const response = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (response.Contents ?? []).map((object) => object.Key!).sort();
    },
    env(bucket, prefix) {
      return {
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        ...(prefix ? { S3_PREFIX: prefix } : {}),
      };
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
