/**
 * The soak's baseline for the upload steps that wait on the object store: the same calls HFM makes to the
 * same bucket, from a bare S3 client (the AWS SDK, as HFM's), at the same rate, during the same run.
 *
 * - `bareStoreStart` is what `POST /api/songs/upload-presigned/{id}` waits on: CreateMultipartUpload (the
 *   part URLs are signed locally).
 * - `bareStoreFinish` is what `POST /api/songs/upload-complete/{id}` waits on: ListParts (the sizes checked),
 *   CompleteMultipartUpload, and the header's first 64 KiB (one ranged GetObject).
 * - The part itself (`bareStorePart`, UploadPart with the same bytes) goes between them, as the browser's PUT.
 *
 * What the baseline leaves out is HFM's own: the session, the access check, the song's row and quota reads
 * and writes, the transcode job, the answer. Its kinds are the store's (client.ts STORE_KINDS), kept out of
 * HFM's latencies.
 */
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Kind, Recorder } from './client.ts';

/** The bucket's settings, as the server processes get them (S3_* variables). */
export interface StoreSettings {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
}

const HEADER_WINDOW_BYTES = 64 * 1024;

export class BareStore {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly recorder: Recorder;
  private sequence = 0;

  constructor(settings: StoreSettings, recorder: Recorder) {
    this.s3 = new S3Client({
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY },
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
    this.bucket = settings.S3_BUCKET;
    this.recorder = recorder;
  }

  /** One upload's store calls, each step timed as its kind; a failed step is an error and ends the upload. */
  async upload(bytes: Buffer): Promise<void> {
    const Bucket = this.bucket;
    const Key = `soak-bare/${process.pid}-${++this.sequence}/original.wav`;
    const started = await this.step('bareStoreStart', () =>
      this.s3.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'audio/wav' })),
    );
    const UploadId = started?.UploadId;
    if (!UploadId) return;
    const part = await this.step('bareStorePart', () =>
      this.s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: bytes })),
    );
    if (!part?.ETag) return;
    await this.step('bareStoreFinish', async () => {
      await this.s3.send(new ListPartsCommand({ Bucket, Key, UploadId }));
      await this.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
        }),
      );
      const end = Math.min(bytes.length, HEADER_WINDOW_BYTES) - 1;
      const head = await this.s3.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${end}` }));
      await head.Body?.transformToByteArray();
      return true;
    });
  }

  close(): void {
    this.s3.destroy();
  }

  private async step<T>(kind: Kind, call: () => Promise<T>): Promise<T | null> {
    const started = performance.now();
    try {
      const result = await call();
      this.recorder.record(kind, performance.now() - started, 200, true, '');
      return result;
    } catch (error) {
      this.recorder.record(kind, performance.now() - started, (error as Error).name, false, String(error));
      return null;
    }
  }
}
