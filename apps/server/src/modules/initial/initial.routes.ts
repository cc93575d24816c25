import { publicAlbum, publicArtist, publicSong, publicUser } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/guards.js';
import { signedIn } from '../auth/route-options.js';
import { getInitialData, getSessionProfile } from './initial.service.js';

const statSong = z.object({ _id: z.string(), id: z.string(), title: z.string() }).nullable();
const artistStats = z.object({ mostListenedToSong: statSong, mostHifivedSong: statSong });
const catalogue = { songs: z.array(publicSong), albums: z.array(publicAlbum) };

const sessionProfile = z.object({
  user: publicUser,
  artist: publicArtist.extend(catalogue).nullable(),
});

const initialData = z.object({
  data: z.object({ stats: artistStats, user: publicUser, artist: publicArtist.nullable(), ...catalogue }),
});

export async function initialRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/users/session/profile',
    {
      onRequest: signedIn,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, and for an artist the artist with songs and albums',
        response: { 200: sessionProfile },
      },
    },
    async (request) => getSessionProfile(ctx, requireUser(request)),
  );

  app.get(
    '/api/initial',
    {
      onRequest: signedIn,
      schema: {
        tags: ['users'],
        summary: 'First load of a signed-in area: stats, user, artist, songs, albums',
        response: { 200: initialData },
      },
    },
    async (request) => ({ data: await getInitialData(ctx, requireUser(request)) }),
  );
}
