import { z } from 'zod';
import { publicAlbum } from './albums.js';
import { publicArtist } from './artists.js';
import { messages } from './messages.js';
import { publicSong } from './songs.js';
import { loginBody, publicUser } from './users.js';

/** POST /api/auth: a body that is not even an object gets the same message as a missing field. */
export const loginRequest = z.object(loginBody.shape, { error: messages.noLoginCredentials });
export const loginAnswer = z.object({ routeTo: z.string(), user: publicUser });
export type LoginAnswer = z.infer<typeof loginAnswer>;
export const logoutAnswer = z.object({ routeTo: z.string() });
export type LogoutAnswer = z.infer<typeof logoutAnswer>;
/** GET /api/auth/session: who is signed in, `user` null when no one is (never a 401). */
export const sessionAnswer = z.object({ user: publicUser.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export const confirmedAnswer = z.object({ confirmed: z.literal(true), routeTo: z.string() });
export type ConfirmedAnswer = z.infer<typeof confirmedAnswer>;
export const codeSentAnswer = z.object({ sent: z.literal(true) });
export type CodeSentAnswer = z.infer<typeof codeSentAnswer>;

const catalogue = { songs: z.array(publicSong), albums: z.array(publicAlbum) };

/** GET /api/users/session/profile: the user, and for an artist the artist with its songs and albums. */
export const sessionProfile = z.object({
  user: publicUser,
  artist: publicArtist.extend(catalogue).nullable(),
});
export type SessionProfile = z.infer<typeof sessionProfile>;

export const statSong = z.object({ _id: z.string(), id: z.string(), title: z.string() });
export type StatSong = z.infer<typeof statSong>;
export const artistStats = z.object({ mostListenedToSong: statSong.nullable(), mostHifivedSong: statSong.nullable() });
export type ArtistStats = z.infer<typeof artistStats>;

/** GET /api/initial: the first load of a signed-in area. */
export const initialData = z.object({
  data: z.object({ stats: artistStats, user: publicUser, artist: publicArtist.nullable(), ...catalogue }),
});
export type InitialData = z.infer<typeof initialData>;
