import {
  addPlaylistSongBody,
  adminPlaylist,
  createPlaylistBody,
  deletedAnswer,
  hfmPicksAnswer,
  hfmPicksQuery,
  messages,
  pagedAdminPlaylists,
  pageQuery,
  playlistArtworkBody,
  playlistIdParams,
  playlistSongParams,
  reorderPlaylistSongsBody,
  updatePlaylistBody,
} from '@hfm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.js';
import { IMAGE_BODY_LIMIT, imageFormRules } from '../../http/limits.js';
import { fileOrField, readMultipartForm } from '../../http/multipart.js';
import { generateHfmPicks } from './hfm-picks.service.js';
import { uploadPlaylistArtwork } from './playlist-artwork.service.js';
import {
  addPlaylistSong,
  createPlaylist,
  deletePlaylist,
  getPlaylistForEditing,
  listPlaylists,
  removeSongFromPlaylist,
  reorderPlaylistSongs,
  updatePlaylist,
} from './playlists.service.js';

const tags = ['playlists'];
const admin = { access: 'admin' } as const;

/**
 * The image from a multipart file part (or data-URL field) or from the JSON body. The route is for admins
 * only, and that is checked before the body is read, so nobody else's upload is ever buffered.
 */
async function artworkFrom(
  request: FastifyRequest,
  json: { imageData?: string } | null | undefined,
): Promise<string | Buffer> {
  const image = request.isMultipart()
    ? fileOrField(await readMultipartForm(request, imageFormRules('imageData')), 'imageData')
    : json?.imageData;
  if ((typeof image !== 'string' && !Buffer.isBuffer(image)) || image.length === 0) {
    throw badRequest(messages.imageType, { imageData: messages.imageType });
  }
  return image;
}

/**
 * Curated playlists (admins). GET /api/playlists/{id} (the public playlist page) and GET
 * /api/playlists/agg/member-home-lists are the fans' read model's (modules/discovery).
 */
export async function playlistsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/playlists',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every playlist, newest first, paged (admins)',
        querystring: pageQuery,
        response: { 200: pagedAdminPlaylists },
      },
    },
    async (request) => listPlaylists(ctx, request.currentUser, request.query),
  );

  for (const path of ['/api/playlists/create', '/api/playlists']) {
    app.post(
      path,
      {
        config: admin,
        schema: {
          tags,
          summary: "Create a playlist (no id: Save creates); `songs` in order; the title defaults to 'Untitled'",
          body: createPlaylistBody,
          response: { 201: adminPlaylist },
        },
      },
      async (request, reply) => reply.status(201).send(await createPlaylist(ctx, request.currentUser, request.body)),
    );
  }

  app.get(
    '/api/playlists/:id/edit',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One playlist with its tracks, for the Edit Playlist modal (admins)',
        params: playlistIdParams,
        response: { 200: adminPlaylist },
      },
    },
    async (request) => getPlaylistForEditing(ctx, request.currentUser, request.params.id),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/playlists/:id',
      config: admin,
      schema: {
        tags,
        summary:
          'Update a playlist (with an id: Save updates): only the fields sent change; `songs` is the whole list in order',
        params: playlistIdParams,
        body: updatePlaylistBody,
        response: { 200: adminPlaylist },
      },
      handler: async (request) => updatePlaylist(ctx, request.currentUser, request.params.id, request.body),
    });
  }

  for (const path of ['/api/playlists/remove/:id', '/api/playlists/:id']) {
    app.delete(
      path,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Delete a playlist and its artwork',
          params: playlistIdParams,
          response: { 200: deletedAnswer },
        },
      },
      async (request) => deletePlaylist(ctx, request.currentUser, request.params.id),
    );
  }

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/api/playlists/upload/artwork/:id',
      bodyLimit: IMAGE_BODY_LIMIT,
      config: admin,
      schema: {
        tags,
        summary:
          'Upload the artwork (PNG or JPEG, cropped to 383 x 254 in the browser) as a data URL or a multipart ' +
          'file; stored under playlist-images/{id}/; answers the playlist with its artworkPath',
        consumes: ['application/json', 'multipart/form-data'],
        params: playlistIdParams,
        body: playlistArtworkBody,
        response: { 200: adminPlaylist },
      },
      handler: async (request) => {
        const image = await artworkFrom(request, request.body);
        return uploadPlaylistArtwork(ctx, request.currentUser, request.params.id, image);
      },
    });
  }

  app.post(
    '/api/playlists/:id/songs',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a song at the end (409 when it is on the playlist already)',
        params: playlistIdParams,
        body: addPlaylistSongBody,
        response: { 200: adminPlaylist },
      },
    },
    async (request) => addPlaylistSong(ctx, request.currentUser, request.params.id, request.body.songID),
  );

  app.delete(
    '/api/playlists/:id/songs/:songId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Take a song off the playlist',
        params: playlistSongParams,
        response: { 200: adminPlaylist },
      },
    },
    async (request) => removeSongFromPlaylist(ctx, request.currentUser, request.params.id, request.params.songId),
  );

  app.put(
    '/api/playlists/:id/songs',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Put the playlist's songs in a new order (a drag): the same songs, moved; 409 when they are not the " +
          "playlist's songs (changed meanwhile)",
        params: playlistIdParams,
        body: reorderPlaylistSongsBody,
        response: { 200: adminPlaylist },
      },
    },
    async (request) => reorderPlaylistSongs(ctx, request.currentUser, request.params.id, request.body.songIDs),
  );

  app.post(
    '/api/playlists/hfm-picks',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Generate this month's HFM Picks: 'Summer Driving', 'Night Driving' and 'Fall Driving' (HFMPicksPosition " +
          '1 to 3), five released songs each of ACTIVE artists who opted in, one track per artist; once a month ' +
          '(again: the same three, generated false; with regenerate=true three new ones replace them); 409 when ' +
          'no song can be picked',
        querystring: hfmPicksQuery,
        response: { 200: hfmPicksAnswer },
      },
    },
    async (request) => generateHfmPicks(ctx, request.currentUser, { regenerate: request.query.regenerate }),
  );
}
