import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LocalObjectStorage } from '../platform/storage/local-storage.js';
import { UPLOAD_PARTS_PATH } from '../platform/storage/signed-urls.js';
import { countUploadInFlight } from '../platform/metrics/metrics.js';
import { AppError, forbidden, notFound } from '../errors/app-error.js';

interface PartRequest {
  uploadId: string;
  partNumber: number;
  key: string;
  expires: number;
  signature: string;
}

function readPartRequest(request: FastifyRequest): PartRequest {
  const params = request.params as { uploadId: string; partNumber: string };
  const query = request.query as Record<string, string | string[] | undefined>;
  const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
  return {
    uploadId: params.uploadId,
    partNumber: /^\d{1,5}$/.test(params.partNumber) ? Number(params.partNumber) : Number.NaN,
    key: text(query.key),
    expires: /^\d{1,12}$/.test(text(query.expires)) ? Number(query.expires) : Number.NaN,
    signature: text(query.signature),
  };
}

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/**
 * The embedded store's answer to S3's presigned UploadPart: `PUT /media/upload-parts/{uploadId}/{part}`
 * with `key`, `expires` and `signature` in the query. The body streams straight to a part file; the
 * reply carries the part's `ETag` (quoted MD5) and exposes it to browser scripts.
 */
export function registerUploadPartRoutes(app: FastifyInstance): void {
  app.register(async (scope) => {
    // Parts arrive with any content type (or none); the handler reads the raw request stream itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const signedUrlRoute = { schema: { hide: true }, config: { access: 'signedUrl' as const } };
    scope.put(`${UPLOAD_PARTS_PATH}/:uploadId/:partNumber`, signedUrlRoute, async (request, reply) => {
      const storage = app.ctx.storage;
      if (storage.kind !== 'local') throw notFound('No such upload.');
      const part = readPartRequest(request);
      if (!Number.isInteger(part.partNumber)) throw new AppError('VALIDATION', 'The part number is not valid.');
      const signed = app.ctx.platform.signer.verifyUploadPart(part.key, part.uploadId, part.partNumber, part);
      if (!signed) throw forbidden('This upload link is not valid or has expired.');
      const stored = await countUploadInFlight(app.ctx.platform.metrics, 'part', () =>
        (storage as LocalObjectStorage)
          .writeUploadPart(part.key, part.uploadId, part.partNumber, request.raw, declaredLength(request))
          .catch((error: unknown) => {
            // A client that goes away mid-part is an interrupted upload, not a server fault.
            if (error instanceof AppError || !request.raw.destroyed) throw error;
            throw new AppError('VALIDATION', 'The part upload was interrupted.');
          }),
      );
      return reply
        .header('etag', stored.ETag)
        .header('access-control-expose-headers', 'ETag')
        .header('cache-control', 'no-store')
        .status(200)
        .send();
    });
  });
}
