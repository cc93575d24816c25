import {
  artistIdParams,
  artistListQuery,
  artistSignUpAnswer,
  artistSignUpBody,
  pagedArtists,
  publicArtist,
  updateArtistBody,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FORM_JSON_LIMIT,
  FORM_TEXT_LIMIT,
  IMAGE_BODY_LIMIT,
  IMAGE_FILE_LIMIT,
  TEXT_BODY_LIMIT,
} from '../../http/limits.js';
import { fileOrField, readMultipartForm, type FormRules } from '../../http/multipart.js';
import { rateLimited } from '../../http/route-options.js';
import { listArtists } from './artist-list.service.js';
import { getArtist, updateArtist } from './artist-profile.service.js';
import type { TerminationOptions } from './termination.service.js';
import { signUpArtist, type ArtistSignUpParts } from './artists.service.js';

/**
 * The sign-up form of a signed-out client: two JSON parts of KiB and two images that together get no more
 * than the same request sent as JSON may carry.
 */
const signUpForm: FormRules = {
  fields: {
    artist: FORM_JSON_LIMIT,
    user: FORM_JSON_LIMIT,
    s3Path: FORM_TEXT_LIMIT,
    imageData: IMAGE_BODY_LIMIT,
    bannerImageData: IMAGE_BODY_LIMIT,
  },
  files: { imageData: IMAGE_FILE_LIMIT, bannerImageData: IMAGE_FILE_LIMIT },
  totalBytes: IMAGE_BODY_LIMIT + 2 * FORM_JSON_LIMIT,
};

export async function artistsRoutes(fastify: FastifyInstance, termination: TerminationOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/api/artists/create',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      config: { ...rateLimited(app), access: 'public' },
      schema: {
        tags: ['artists'],
        summary: 'Artist sign-up: an unconfirmed ARTIST user and a PENDING artist, mailed a 6-digit code',
        consumes: ['multipart/form-data', 'application/json'],
        body: artistSignUpBody,
        response: { 201: artistSignUpAnswer },
      },
    },
    async (request, reply) => {
      let parts: ArtistSignUpParts;
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, signUpForm);
        parts = {
          artist: form.fields.artist,
          user: form.fields.user,
          imageData: fileOrField(form, 'imageData'),
          bannerImageData: fileOrField(form, 'bannerImageData'),
        };
      } else {
        parts = request.body ?? { artist: undefined, user: undefined };
      }
      return reply.status(201).send(await signUpArtist(ctx, parts));
    },
  );

  app.get(
    '/api/artists',
    {
      config: { access: 'public' },
      schema: {
        tags: ['artists'],
        summary:
          'Artists. Public: ACTIVE and searchable, newest first. Admins: all, with the account, filtered by ' +
          '`status`/`tier` (`defaults=1` applies tier Tier 1 and status ACTIVE where not given), `search` ' +
          '(name or account email, any case), sorted by `sort` (createdAt, totalScore, name) and `order`',
        querystring: artistListQuery,
        response: { 200: pagedArtists },
      },
    },
    async (request) => listArtists(ctx, request.currentUser, request.query),
  );

  app.get(
    '/api/artists/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['artists'],
        summary: 'One artist; one that is not ACTIVE is visible to itself and admins only (404 for others)',
        params: artistIdParams,
        response: { 200: publicArtist },
      },
    },
    async (request) => getArtist(ctx, request.currentUser, request.params.id),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/artists/:id',
      bodyLimit: TEXT_BODY_LIMIT,
      config: { access: 'signedIn' },
      schema: {
        tags: ['artists'],
        summary:
          'Update an artist (itself or an admin): name, genre, bio (sanitised rich text), hfmPicksOptIn; ' +
          'admins also status (ACTIVE approves: approvedAt, searchable, Tier 1, a mail), tier, isFeatured, ' +
          'featuredPosition, featuredBio, scoreMatrix, isSearchable, isExclusive. Anyone else sending one of ' +
          'those is refused (403, each field named) and nothing is saved',
        params: artistIdParams,
        body: updateArtistBody,
        response: { 200: publicArtist },
      },
      handler: async (request) => updateArtist(ctx, request.currentUser, request.params.id, request.body, termination),
    });
  }
}
