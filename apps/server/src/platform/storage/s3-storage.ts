import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
  type CreateMultipartUploadCommandOutput,
  type GetObjectCommandOutput,
  type HeadObjectCommandOutput,
  type ListMultipartUploadsCommandOutput,
  type ListObjectsV2CommandOutput,
  type ListPartsCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { AppError, badRequest } from '../../errors/app-error.js';
import { isNetworkFailure, storageUnavailable } from '../../errors/unavailable.js';
import { STORAGE_DEADLINES_MS, withDeadline, type StorageDeadlines } from './deadline.js';
import { assertDeclaredSize, assertPartNumber, checkCompletion, uploadNotFound } from './multipart-rules.js';
import { attachment } from './media-headers.js';
import { expiryFrom, signedMediaUrl } from './signed-urls.js';
import { assertSafeKey, type ObjectStorage, type UploadedPart } from './storage.js';
import type { UrlSigner } from './url-signer.js';

export interface S3StorageOptions {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Signs folder-scoped media URLs, which our server answers by reading from the bucket. */
  signer: UrlSigner;
  publicUrl: string;
  maxUploadBytes: number;
  /** Each call's total time (tests shorten them). Default STORAGE_DEADLINES_MS. */
  deadlines?: Partial<StorageDeadlines>;
}

const errorName = (error: unknown) => (error as { name?: string } | null)?.name ?? '';
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(errorName(error));

/**
 * Any S3-compatible store. Part URLs are S3's own presigned UploadPart URLs; completion first checks
 * the request against ListParts (S3 alone does not enforce our part size or total limit), so a bad
 * request is a 400 and nothing is written. Folder-scoped media URLs (HLS/DASH) point at our server,
 * because an S3 presigned URL opens exactly one key.
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // A bucket that stops answering mid-connection must fail the call, not hold it (and its request) for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  answerOutagesAsUnavailable(client);
  const Bucket = options.bucket;
  const deadlines = { ...STORAGE_DEADLINES_MS, ...options.deadlines };
  /** One call to the store, aborted and answered 503 once its deadline has passed. */
  const send = <Output = unknown>(command: object, ms = deadlines.call): Promise<Output> =>
    withDeadline(ms, (abortSignal) => client.send(command as never, { abortSignal }) as Promise<Output>);
  /** Presigning is local with static keys; the deadline covers a credential or region lookup that is not. */
  const presign = (command: object, expiresIn: number) =>
    withDeadline(deadlines.call, () => getSignedUrl(client, command as never, { expiresIn }));

  async function listAllParts(key: string, uploadId: string): Promise<(UploadedPart & { touched: number })[]> {
    const parts: (UploadedPart & { touched: number })[] = [];
    let marker: string | undefined;
    do {
      const page = await send<ListPartsCommandOutput>(
        new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      ).catch((error: unknown) => {
        throw isMissing(error) ? uploadNotFound() : error;
      });
      for (const part of page.Parts ?? []) {
        parts.push({
          PartNumber: part.PartNumber ?? 0,
          ETag: part.ETag ?? '',
          Size: part.Size ?? 0,
          touched: part.LastModified?.getTime() ?? 0,
        });
      }
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  /** Whether a part was stored since `since` (an old upload still being sent is not abandoned). */
  async function touchedSince(key: string, uploadId: string, since: Date): Promise<boolean> {
    const parts = await listAllParts(key, uploadId).catch(() => []);
    return parts.some((part) => part.touched >= since.getTime());
  }

  return {
    kind: 's3',
    async put(key, body, contentType, putOptions) {
      assertSafeKey(key);
      const disposition = putOptions?.contentDisposition;
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ...(disposition ? { ContentDisposition: disposition } : {}),
        },
        partSize: UPLOAD_PART_SIZE,
        queueSize: 2,
      });
      await withDeadline(
        deadlines.stream,
        () => upload.done(),
        () => void upload.abort().catch(() => undefined),
      );
    },
    // What the caller knows of the object saves nothing here: GetObject answers its length and type anyway.
    async get(key, range) {
      assertSafeKey(key);
      const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      try {
        const object = await send<GetObjectCommandOutput>(
          new GetObjectCommand({ Bucket, Key: key, Range }),
          deadlines.open,
        );
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      assertSafeKey(key);
      try {
        const head = await send<HeadObjectCommandOutput>(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`A prefix must end with '/': ${prefix}`);
      let ContinuationToken: string | undefined;
      do {
        const page = await send<ListObjectsV2CommandOutput>(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (Objects.length > 0) await send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async createMultipartUpload(key, contentType, multipart = {}) {
      assertSafeKey(key);
      assertDeclaredSize(multipart.size, options.maxUploadBytes);
      const created = await send<CreateMultipartUploadCommandOutput>(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      );
      if (!created.UploadId) throw new Error('The store gave no upload id');
      return created.UploadId;
    },
    async presignUploadPart(key, uploadId, partNumber, expiresInSeconds) {
      assertSafeKey(key);
      assertPartNumber(partNumber);
      const command = new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber });
      return presign(command, expiresInSeconds);
    },
    listParts: async (key, uploadId) =>
      (await listAllParts(key, uploadId)).map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size })),
    async completeMultipartUpload(key, uploadId, parts) {
      const checked = checkCompletion(parts, await listAllParts(key, uploadId), {
        maxUploadBytes: options.maxUploadBytes,
      });
      const Parts = parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag }));
      try {
        await send(
          new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts } }),
          deadlines.complete,
        );
      } catch (error) {
        if (errorName(error) === 'NoSuchUpload') throw uploadNotFound();
        if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'].includes(errorName(error))) {
          throw badRequest(`The store refused the parts list (${errorName(error)}).`);
        }
        throw error;
      }
      return { key, ...checked };
    },
    async abortMultipartUpload(key, uploadId) {
      try {
        await send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async abortStaleUploads(olderThan) {
      let aborted = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await send<ListMultipartUploadsCommandOutput>(
          new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
          if (await touchedSince(upload.Key, upload.UploadId, olderThan)) continue;
          await this.abortMultipartUpload(upload.Key, upload.UploadId);
          aborted += 1;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      return aborted;
    },

    async presignGet(key, getOptions) {
      assertSafeKey(key);
      if (getOptions.scope === 'folder') return signedMediaUrl(options.signer, options.publicUrl, key, getOptions);
      expiryFrom(getOptions.expiresInSeconds);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ...(getOptions.downloadName ? { ResponseContentDisposition: attachment(getOptions.downloadName) } : {}),
      });
      return presign(command, getOptions.expiresInSeconds);
    },
  };
}

/**
 * A bucket that does not answer (refused, reset, timed out, or S3's own 5xx after the SDK's retries) is an
 * outage, not a bug: every call then throws the storage-unavailable AppError (503 with a clear message).
 * Added at the stack's outermost step, so the SDK's retries run first.
 */
function answerOutagesAsUnavailable(client: S3Client): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        if (!(error instanceof AppError) && isOutage(error)) throw storageUnavailable(error);
        throw error;
      }
    },
    { step: 'initialize', name: 'hfmStorageOutage' },
  );
}

function isOutage(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return isNetworkFailure(error) || (status !== undefined && status >= 500);
}
