import crypto from 'node:crypto';
import {
  artistSignUpArtist,
  artistSignUpUser,
  DEFAULT_TIER,
  messages,
  type ArtistStatus,
  type PublicArtist,
  type PublicUser,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors/app-error.js';
import { fieldsFromIssues, summarise } from '../../http/error-handler.js';
import type { Database } from '../../platform/db/client.js';
import { newImageFileName, readImage } from '../../platform/media/image-uploads.js';
import type { ProcessedImage } from '../../platform/media/images.js';
import { countReadySongs } from '../access/index.js';
import { mailCodeQuietly } from '../auth/index.js';
import { findGenre, findGenresByIds } from '../genres/index.js';
import {
  toPublicUser,
  accountFromForm,
  createAccount,
  createAccountWithImage,
  emailExists,
  isEmailTaken,
  type NewAccount,
  type UserRow,
  findAccountsByIds,
} from '../users/index.js';
import { toArtistAccount, toPublicArtist } from './artists.presenter.js';
import {
  findArtistRowByUserId,
  insertArtist,
  loadPhotoKeys,
  updateArtistRow,
  type ArtistRow,
  type ListedArtistRow,
} from './artists.repository.js';

export type { ArtistRow };

/** The artist half of a new artist account. */
export interface NewArtist {
  id?: string;
  name: string;
  genreId?: string | null;
  status?: ArtistStatus;
  tier?: string;
  isSearchable?: boolean;
  hfmPicksOptIn?: boolean;
  bio?: string;
  bannerImage?: string | null;
}

function artistValues(userId: string, artist: NewArtist) {
  return {
    ...(artist.id ? { id: artist.id } : {}),
    userId,
    name: artist.name,
    genreId: artist.genreId ?? null,
    status: artist.status ?? 'PENDING',
    tier: artist.tier ?? DEFAULT_TIER,
    isSearchable: artist.isSearchable ?? false,
    hfmPicksOptIn: artist.hfmPicksOptIn ?? true,
    bio: artist.bio ?? '',
    scoreMatrix: [],
    bannerImage: artist.bannerImage ?? null,
  };
}

/** A user and their artist row in one transaction (demo seed, CLI and test factories). */
export async function createArtistAccount(
  ctx: Pick<AppContext, 'db'>,
  account: NewAccount,
  artist: NewArtist,
): Promise<{ user: UserRow; artist: ArtistRow }> {
  return ctx.db.transaction(async (tx) => {
    const user = await createAccount(tx, { ...account, role: 'ARTIST' });
    return { user, artist: await insertArtist(tx, artistValues(user.id, artist)) };
  });
}

export interface ArtistSignUpParts {
  artist: unknown;
  user: unknown;
  imageData?: string | Buffer | null;
  bannerImageData?: string | Buffer | null;
}

const unreadablePart = (part: string) => `The ${part} details could not be read.`;

/** A part arrives as JSON text or, when its part was sent as application/json, already parsed. */
function readJsonPart(value: unknown, part: string, fields: Record<string, string>): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    fields[part] = unreadablePart(part);
    return undefined;
  }
}

function parseSignUpParts(parts: ArtistSignUpParts) {
  const fields: Record<string, string> = {};
  const userInput = readJsonPart(parts.user, 'user', fields);
  const artistInput = readJsonPart(parts.artist, 'artist', fields);
  const user = artistSignUpUser.safeParse(userInput ?? {});
  const artist = artistSignUpArtist.safeParse(artistInput ?? {});
  if (userInput !== undefined && !user.success) Object.assign(fields, fieldsFromIssues(user.error.issues));
  if (artistInput !== undefined && !artist.success) Object.assign(fields, fieldsFromIssues(artist.error.issues));
  if (!user.success || !artist.success || Object.keys(fields).length > 0) {
    throw badRequest(summarise(fields), fields);
  }
  return { user: user.data, artist: artist.data };
}

export function bannerImageKey(artistId: string, fileName: string): string {
  return `banner-images/${artistId}/${fileName}`;
}

async function readOptionalImage(input: string | Buffer | null | undefined): Promise<ProcessedImage | null> {
  if (input === undefined || input === null || input.length === 0) return null;
  return readImage(input);
}

/**
 * Artist sign-up: an unconfirmed ARTIST user and a PENDING artist in one transaction, then a code by
 * mail. Everything that can be refused (form, genre, email, images) is checked before anything is saved.
 */
export async function signUpArtist(
  ctx: AppContext,
  parts: ArtistSignUpParts,
): Promise<{ user: PublicUser; artist: PublicArtist }> {
  const form = parseSignUpParts(parts);
  const genre = await findGenre(ctx.db, form.artist.genre);
  if (!genre) throw badRequest(messages.genre, { genre: messages.genre });
  if (await isEmailTaken(ctx.db, form.user.email)) throw emailExists(form.user.email);
  const image = await readOptionalImage(parts.imageData);
  const banner = await readOptionalImage(parts.bannerImageData);
  const artistId = crypto.randomUUID();
  const bannerKey = banner ? bannerImageKey(artistId, newImageFileName('banner', banner)) : null;
  const account = accountFromForm(form.user, 'ARTIST', { hfmPicksOptIn: form.artist.hfmPicksOptIn });
  const created = await ctx.db.transaction(async (tx) => {
    const user = await createAccountWithImage(ctx, tx, account, image);
    const artist = await insertArtist(
      tx,
      artistValues(user.id, {
        id: artistId,
        name: form.artist.name,
        genreId: genre.id,
        hfmPicksOptIn: form.artist.hfmPicksOptIn,
        bannerImage: bannerKey,
      }),
    );
    if (banner && bannerKey) await ctx.storage.put(bannerKey, banner.data, banner.contentType);
    return { user, artist };
  });
  await mailCodeQuietly(ctx, created.user);
  return { user: toPublicUser(created.user), artist: toPublicArtist(created.artist, genre, []) };
}

/** Artists as the API shows them (genre object, photos), in the order given. */
/** Artists read with their photo keys (the public list): only their genres are left to read. */
export async function presentListedArtists(db: Database, rows: ListedArtistRow[]): Promise<PublicArtist[]> {
  const genres = await findGenresByIds(
    db,
    rows.flatMap((row) => (row.genreId ? [row.genreId] : [])),
  );
  return rows.map(({ photoKeys, ...row }) =>
    toPublicArtist(row, row.genreId ? (genres.get(row.genreId) ?? null) : null, photoKeys),
  );
}

export async function presentArtists(db: Database, rows: ArtistRow[]): Promise<PublicArtist[]> {
  const [genres, photos] = await Promise.all([
    findGenresByIds(
      db,
      rows.flatMap((row) => (row.genreId ? [row.genreId] : [])),
    ),
    loadPhotoKeys(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) =>
    toPublicArtist(row, row.genreId ? (genres.get(row.genreId) ?? null) : null, photos.get(row.id) ?? []),
  );
}

/**
 * Artists as admins see them: as everyone does, with the account behind each (name, email, status) and the
 * count of ready songs (what approval needs).
 */
export async function presentArtistsForAdmin(db: Database, rows: ArtistRow[]): Promise<PublicArtist[]> {
  const [artists, accounts, readySongs] = await Promise.all([
    presentArtists(db, rows),
    findAccountsByIds(
      db,
      rows.map((row) => row.userId),
    ),
    countReadySongs(
      { db },
      rows.map((row) => row.id),
    ),
  ]);
  return artists.map((artist) => {
    const account = accounts.get(artist.userID);
    const withCount = { ...artist, readySongs: readySongs.get(artist.id) ?? 0 };
    return account ? { ...withCount, user: toArtistAccount(account) } : withCount;
  });
}

export async function findArtistByUserId(db: Database, userId: string): Promise<ArtistRow | null> {
  return findArtistRowByUserId(db, userId);
}

export { findArtistById } from './artist-lookups.js';

/** The artist's payout account at the payment provider (the spec's paymentServiceID), set by payouts. */
export async function setPaymentServiceId(db: Database, artistId: string, accountId: string): Promise<void> {
  await updateArtistRow(db, artistId, { paymentServiceId: accountId });
}

export async function findPublicArtistByUserId(db: Database, userId: string): Promise<PublicArtist | null> {
  const row = await findArtistRowByUserId(db, userId);
  return row ? (await presentArtists(db, [row]))[0]! : null;
}
