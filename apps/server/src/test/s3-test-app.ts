import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { startMoto, type MotoServer } from './moto-server.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export const MOTO_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test-secret' };

/** An S3 client on the moto server (path-style, test credentials). */
export function motoClient(endpoint: string): S3Client {
  return new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: MOTO_CREDENTIALS });
}

/** The environment that puts an app on `bucket` in the moto server at `endpoint`. */
export function s3Env(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: MOTO_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: MOTO_CREDENTIALS.secretAccessKey,
  };
}

export async function createBucket(endpoint: string, bucket: string): Promise<void> {
  const s3 = motoClient(endpoint);
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    s3.destroy();
  }
}

/** A test app on the S3 adapter, against a fresh bucket in a fresh moto_server. */
export async function createS3TestApp(
  env: Record<string, string> | ((endpoint: string, bucket: string) => Record<string, string>) = {},
  options: TestAppOptions = {},
): Promise<{ t: TestApp; moto: MotoServer; bucket: string; close(): Promise<void> }> {
  const moto = await startMoto();
  const bucket = 'hfm-test';
  try {
    await createBucket(moto.endpoint, bucket);
    const extra = typeof env === 'function' ? env(moto.endpoint, bucket) : env;
    const t = await createTestApp({ ...s3Env(moto.endpoint, bucket), ...extra }, options);
    return {
      t,
      moto,
      bucket,
      async close() {
        await t.close();
        moto.stop();
      },
    };
  } catch (error) {
    moto.stop();
    throw error;
  }
}
