import type { ZipStatus } from '@hfm/shared';
import type { FastifyReply } from 'fastify';
import type { ZipArchive } from '../platform/storage/zip-archive.js';

/** A zip download: ready to stream, or its files still being made (decision 0051). */
export type ZipDownload =
  { state: 'ready'; zip: ZipArchive & { fileName: string } } | { state: 'preparing'; status: ZipStatus };

/**
 * Sends a zip download: 202 with its status and Retry-After while its files are made, else the archive as a
 * private attachment of exact length. The zip is a stream: only the 202 has a JSON schema.
 */
export function sendZipDownload(reply: FastifyReply, download: ZipDownload) {
  if (download.state === 'preparing') {
    return reply.code(202).header('retry-after', String(download.status.retryAfterSeconds)).send(download.status);
  }
  const { zip } = download;
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', zip.size)
    .header('content-disposition', `attachment; filename="${zip.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(zip.stream);
}
