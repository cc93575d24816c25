import {
  artistSongsParams,
  completeUploadBody,
  createSongBody,
  deletedAnswer,
  downloadAnswer,
  downloadOptions,
  downloadPreparing,
  downloadQuery,
  fullPreviewList,
  fullPreviewPositionBody,
  pagedSongs,
  pageQuery,
  playbackAnswer,
  presignedUploads,
  presignUploadBody,
  publicSong,
  songIdParams as idParams,
  storedParts,
  songPeaks,
  updateSongBody,
  uploadLimits,
  uploadPartsQuery,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.js';
import { projectingSerializer } from '../../http/answer-projection.js';
import { uploadError } from '../../http/multipart.js';
import { LARGE_JSON_BODY_LIMIT } from '../../http/limits.js';
import { MAX_PARTS } from '../../platform/storage/multipart-rules.js';
import { requireAccess } from '../access/index.js';
import { getUploadLimits } from './songs.limits.js';
import { downloadSong, listDownloadOptions, playSong } from './songs.playback.js';
import {
  completeSongUpload,
  DIRECT_UPLOAD_MAX_BYTES,
  directSongUpload,
  listSongUploadParts,
  presignSongUpload,
} from './songs.upload.js';
import {
  createSong,
  deleteSong,
  getSong,
  getSongPeaks,
  listAllSongs,
  listArtistSongs,
  removeFullPreview,
  setFullPreviewPosition,
  updateSong,
} from './songs.service.js';

const tags = ['songs'];

export async function songsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(
    '/api/songs',
    { config: { access: 'artist' }, schema: { tags, body: createSongBody, response: { 201: publicSong } } },
    async (request, reply) => reply.status(201).send(await createSong(ctx, request.currentUser, request.body)),
  );
  r.get(
    '/api/songs/upload-limits',
    {
      config: { access: 'artist' },
      schema: {
        tags,
        summary: 'The signed-in artist’s upload rules (sample rate, length, file size) and the room left',
        response: { 200: uploadLimits },
      },
    },
    async (request) => getUploadLimits(ctx, request.currentUser),
  );
  r.get(
    '/api/songs',
    { config: { access: 'public' }, schema: { tags, querystring: pageQuery, response: { 200: pagedSongs } } },
    async (request) => listAllSongs(ctx, request.currentUser, request.query),
  );
  r.get(
    '/api/songs/:id',
    { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: publicSong } } },
    async (request) => getSong(ctx, request.currentUser, request.params.id),
  );
  // PUT is the spec's song update; PATCH its generic save's default method.
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/songs/:id',
      config: { access: 'signedIn' },
      schema: { tags, params: idParams, body: updateSongBody, response: { 200: publicSong } },
      handler: async (request) => updateSong(ctx, request.currentUser, request.params.id, request.body),
    });
  }
  // The spec names both paths for deleting a song.
  for (const path of ['/api/songs/:id', '/api/songs/remove/:id']) {
    r.delete(
      path,
      { config: { access: 'signedIn' }, schema: { tags, params: idParams, response: { 200: deletedAnswer } } },
      async (request) => deleteSong(ctx, request.currentUser, request.params.id),
    );
  }
  r.get(
    '/api/songs/artist/:artistID',
    {
      config: { access: 'public' },
      schema: { tags, params: artistSongsParams, querystring: pageQuery, response: { 200: pagedSongs } },
      serializerCompiler: projectingSerializer,
    },
    async (request) => listArtistSongs(ctx, request.currentUser, request.params.artistID, request.query),
  );
  r.put(
    '/api/songs/full-preview-position/:id',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParams, body: fullPreviewPositionBody, response: { 200: fullPreviewList } },
    },
    async (request) => setFullPreviewPosition(ctx, request.currentUser, request.params.id, request.body.position),
  );
  r.post(
    '/api/songs/upload-presigned/:id',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParams, body: presignUploadBody, response: { 200: presignedUploads } },
    },
    async (request) => presignSongUpload(ctx, request.currentUser, request.params.id, request.body.files[0]!),
  );
  r.get(
    '/api/songs/upload-parts/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        params: idParams,
        querystring: uploadPartsQuery,
        response: { 200: storedParts },
      },
    },
    async (request) =>
      listSongUploadParts(ctx, request.currentUser, request.params.id, request.query.uploadId, request.query.key),
  );
  r.post(
    '/api/songs/upload-complete/:id',
    {
      bodyLimit: LARGE_JSON_BODY_LIMIT,
      // Each part is `{"ETag":"…","PartNumber":n}`: three separators and a comma between parts.
      config: { access: 'signedIn', jsonFields: 4 * MAX_PARTS + 16 },
      schema: { tags, params: idParams, body: completeUploadBody, response: { 200: publicSong } },
    },
    async (request) => completeSongUpload(ctx, request.currentUser, request.params.id, request.body),
  );
  r.post(
    '/api/songs/upload/:id',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: publicSong } },
    },
    async (request) => {
      await requireAccess(ctx, request.currentUser, 'song.manage', [request.params.id]);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
      const file = await request
        .file({ limits: { fileSize: DIRECT_UPLOAD_MAX_BYTES, files: 1 } })
        .catch((error: unknown) => {
          throw uploadError(error);
        });
      if (!file)
        throw new AppError('VALIDATION', 'Choose an audio file to upload.', {
          file: 'Choose an audio file to upload.',
        });
      return directSongUpload(ctx, request.currentUser, request.params.id, {
        filename: file.filename,
        mimetype: file.mimetype,
        stream: file.file,
      });
    },
  );
  r.get(
    '/api/songs/:id/play',
    { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: playbackAnswer } } },
    async (request) => playSong(ctx, request.currentUser, request.params.id),
  );
  r.get(
    '/api/songs/:id/peaks',
    { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: songPeaks } } },
    async (request) => getSongPeaks(ctx, request.currentUser, request.params.id),
  );
  r.get(
    '/api/songs/:id/download',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        params: idParams,
        summary:
          'A signed URL of the song in a format; 202 (Retry-After) while a format made on first request is being made.',
        querystring: downloadQuery,
        response: { 200: downloadAnswer, 202: downloadPreparing },
      },
    },
    async (request, reply) => {
      const result = await downloadSong(ctx, request.currentUser, request.params.id, request.query.format);
      if (result.status === 202) void reply.header('retry-after', String(result.retryAfterSeconds));
      return reply.code(result.status).send(result.body);
    },
  );
  r.get(
    '/api/songs/:id/downloads',
    { config: { access: 'signedIn' }, schema: { tags, params: idParams, response: { 200: downloadOptions } } },
    async (request) => listDownloadOptions(ctx, request.currentUser, request.params.id),
  );
  r.put(
    '/api/songs/full-preview-remove/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: idParams, response: { 200: fullPreviewList } } },
    async (request) => removeFullPreview(ctx, request.currentUser, request.params.id),
  );
}
