import {
  GENRE_SEARCH_LIMIT,
  isSearchTerm,
  genreMessages,
  type AddGenresAnswer,
  type AddGenresBody,
  type DeletedGenreAnswer,
  type GenreArtworkAnswer,
  type PublicGenre,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { isUuid } from '../../platform/db/ids.js';
import { newImageFileName, readImage } from '../../platform/media/image-uploads.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { artworkKeyOf, genreArtworkKey, genreArtworkPath, shownArtwork, toPublicGenre } from './genres.presenter.js';
import {
  deleteGenreRow,
  findGenreRowById,
  findGenreRowByLabel,
  findGenreRowsByIds,
  insertGenreRow,
  insertGenreRowsSkippingTaken,
  listGenreRows,
  lockGenreRow,
  searchGenreRows,
  updateGenreRow,
  type GenreRow,
} from './genres.repository.js';

export type { GenreRow };

/** Every genre, sorted by label (case-insensitively). Public: the sign-up form needs it. */
export async function listGenres(db: Database): Promise<PublicGenre[]> {
  return (await listGenreRows(db)).map(toPublicGenre);
}

/** GET /api/genres/{id}: public, as the list is. */
export async function getGenre(db: Database, id: string): Promise<PublicGenre> {
  const row = await findGenre(db, id);
  if (!row) throw notFound(genreMessages.noSuchGenre);
  return toPublicGenre(row);
}

/** The genre with this id, or null (also for ids that are not UUIDs). */
export async function findGenre(db: Database, id: string): Promise<GenreRow | null> {
  return isUuid(id) ? findGenreRowById(db, id) : null;
}

export function findGenreByLabel(db: Database, label: string): Promise<GenreRow | null> {
  return findGenreRowByLabel(db, label);
}

/** Genres by id, for presenting many artists at once. */
export async function findGenresByIds(db: Database, ids: string[]): Promise<Map<string, GenreRow>> {
  const rows = await findGenreRowsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The spec's genre type-ahead: a term under 3 characters (isSearchTerm: code points, as the catalogue
 * search counts them) answers an empty list; otherwise the genres whose label
 * contains the term in any case, those starting with it first, at most GENRE_SEARCH_LIMIT.
 */
export async function searchGenres(db: Database, search: string): Promise<PublicGenre[]> {
  const term = search.trim();
  if (!isSearchTerm(term)) return [];
  return (await searchGenreRows(db, term, GENRE_SEARCH_LIMIT)).map(toPublicGenre);
}

/** One new genre; a label that exists in any case is a 409. */
export async function createGenre(ctx: AppContext, actor: Actor, label: string): Promise<PublicGenre> {
  requireAdmin(actor);
  try {
    return toPublicGenre(await insertGenreRow(ctx.db, label));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(genreMessages.exists(label));
    throw error;
  }
}

/** The spec's bulk save (addGenres): adds the labels that are new, skips those that exist or repeat. */
export async function addGenres(ctx: AppContext, actor: Actor, body: AddGenresBody): Promise<AddGenresAnswer> {
  requireAdmin(actor);
  const seen = new Set<string>();
  const fresh: string[] = [];
  const skipped: string[] = [];
  for (const label of body.genres.map((genre) => (typeof genre === 'string' ? genre : genre.label))) {
    const key = label.toLowerCase();
    if (seen.has(key)) skipped.push(label);
    else fresh.push(label);
    seen.add(key);
  }
  const rows = await insertGenreRowsSkippingTaken(ctx.db, fresh);
  const made = new Set(rows.map((row) => row.label));
  skipped.unshift(...fresh.filter((label) => !made.has(label)));
  const added = rows.map(toPublicGenre).sort((a, b) => a.label.toLowerCase().localeCompare(b.label.toLowerCase()));
  return { added, skipped };
}

export async function renameGenre(ctx: AppContext, actor: Actor, id: string, label: string): Promise<PublicGenre> {
  requireAdmin(actor);
  try {
    const row = await updateGenreRow(ctx.db, id, { label });
    if (!row) throw notFound(genreMessages.noSuchGenre);
    return toPublicGenre(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(genreMessages.exists(label));
    throw error;
  }
}

async function deleteStoredQuietly(ctx: AppContext, key: string | null): Promise<void> {
  if (!key) return;
  await ctx.storage.delete(key).catch((error: unknown) => {
    ctx.log.warn({ err: error, key }, 'could not delete a genre’s old artwork');
  });
}

/** The artists filed under a genre, as the artists module keeps them (artists sit above genres). */
export interface ArtistsOfGenre {
  /** How many artists are filed under the genre, whatever their status. */
  count(db: Database, genreId: string): Promise<number>;
  /** Files every artist of one genre under another; how many moved. */
  move(db: Database, fromGenreId: string, toGenreId: string): Promise<number>;
}

/**
 * Deletes a genre. Artists need a genre, so one with artists is a 409 unless the admin names another genre to
 * move them to (moveArtistsTo): they move and the genre goes in one transaction. Playlists filed under it keep
 * their songs and lose the genre. Its artwork goes with it.
 */
export async function deleteGenre(
  ctx: AppContext,
  actor: Actor,
  artistsOfGenre: ArtistsOfGenre,
  id: string,
  moveArtistsTo?: string,
): Promise<DeletedGenreAnswer> {
  requireAdmin(actor);
  if (moveArtistsTo === id) throw badRequest(genreMessages.moveToItself);
  const { deleted, artistsMoved } = await ctx.db.transaction(async (tx) => {
    const genre = await lockGenreRow(tx, id);
    if (!genre) throw notFound(genreMessages.noSuchGenre);
    const artists = await artistsOfGenre.count(tx, id);
    if (artists > 0 && !moveArtistsTo) throw conflict(genreMessages.inUse(genre.label, artists));
    // Locked so that it cannot be deleted while the artists move to it.
    if (moveArtistsTo && !(await lockGenreRow(tx, moveArtistsTo))) throw notFound(genreMessages.noSuchMoveTarget);
    const moved = moveArtistsTo && artists > 0 ? await artistsOfGenre.move(tx, id, moveArtistsTo) : 0;
    return { deleted: await deleteGenreRow(tx, id), artistsMoved: moved };
  });
  await deleteStoredQuietly(ctx, artworkKeyOf(deleted?.artwork ?? null));
  return { id, deleted: true, artistsMoved };
}

/** Stores the artwork under genre-images/{id}/ (PNG or JPEG, re-encoded), points the genre at it, drops the old. */
export async function uploadGenreArtwork(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: string | Buffer,
): Promise<GenreArtworkAnswer> {
  requireAdmin(actor);
  if (!(await findGenreRowById(ctx.db, id))) throw notFound(genreMessages.noSuchGenre);
  const image = await readImage(input);
  const key = genreArtworkKey(id, newImageFileName('genre', image));
  await ctx.storage.put(key, image.data, image.contentType);
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockGenreRow(tx, id);
    const after = before && (await updateGenreRow(tx, id, { artwork: genreArtworkPath(key) }));
    return before && after ? { before, after } : null;
  });
  if (!changed) {
    await deleteStoredQuietly(ctx, key);
    throw notFound(genreMessages.noSuchGenre);
  }
  await deleteStoredQuietly(ctx, artworkKeyOf(changed.before.artwork));
  return { ...toPublicGenre(changed.after), path: shownArtwork(genreArtworkPath(key))! };
}
