/**
 * What a fan sees of releases: the 'New for you' row and My Music's badge (GET /api/releases/new), the release
 * mail settings of the Account page, and the unsubscribe links of the mails (signed: no sign-in).
 */
import {
  releaseMessages,
  type NewReleases,
  type ReleaseMailSettings,
  type UpdateReleaseMailSettingsBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors/app-error.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { requireSignedIn, type Actor } from '../access/index.js';
import { presentCatalogueSong } from '../discovery/index.js';
import {
  findArtistName,
  findNewForMember,
  findSettings,
  setAllOff,
  setArtistOff,
  subscribedArtists,
} from './releases.repository.js';
import { verifyUnsubscribe, type UnsubscribeGrant } from './unsubscribe-tokens.js';

/** The newest shown in the row; the count (the badge) covers them all. */
const NEW_ROW_SIZE = 24;

/** GET /api/releases/new: the signed-in fan's unheard releases from the artists they subscribe to. */
export async function listNewReleases(ctx: Pick<AppContext, 'db'>, actor: Actor): Promise<NewReleases> {
  const user = requireSignedIn(actor);
  const { items, count } = await findNewForMember(ctx.db, user.id, new Date(), NEW_ROW_SIZE);
  return {
    items: items.map((row) => ({ ...presentCatalogueSong(row), releasedAt: new Date(row.releasedAt).toISOString() })),
    count,
  };
}

/** GET /api/releases/settings: all on/off, and each artist the fan subscribes to now. */
export async function getReleaseMailSettings(ctx: Pick<AppContext, 'db'>, actor: Actor): Promise<ReleaseMailSettings> {
  const user = requireSignedIn(actor);
  const settings = await findSettings(ctx.db, user.id);
  const artists = await subscribedArtists(ctx.db, user.id, new Date());
  return {
    all: !settings.allOff,
    artists: artists.map((artist) => ({
      artistID: artist.id,
      name: artist.name,
      on: !settings.artistsOff.has(artist.id),
    })),
  };
}

/** PUT /api/releases/settings: turns all, or some artists', release mails on or off (only artists subscribed to). */
export async function updateReleaseMailSettings(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  body: UpdateReleaseMailSettingsBody,
): Promise<ReleaseMailSettings> {
  const user = requireSignedIn(actor);
  const changes = body.artists ?? [];
  if (changes.length > 0) {
    const subscribed = new Set((await subscribedArtists(ctx.db, user.id, new Date())).map((artist) => artist.id));
    const unknown = changes.find((change) => !subscribed.has(change.artistID.toLowerCase()));
    if (unknown) throw badRequest(releaseMessages.unknownArtist, { artists: releaseMessages.unknownArtist });
  }
  await transactionWithRetry(ctx.db, async (tx) => {
    if (body.all !== undefined) await setAllOff(tx, user.id, !body.all);
    for (const change of changes) await setArtistOff(tx, user.id, change.artistID.toLowerCase(), !change.on);
  });
  return getReleaseMailSettings(ctx, actor);
}

export interface UnsubscribeTarget extends UnsubscribeGrant {
  /** The artist's name, or null for every release mail. */
  artistName: string | null;
}

/** What an unsubscribe link names (refused, 400, when its signature or shape is wrong, or the artist is gone). */
export async function readUnsubscribeLink(
  ctx: Pick<AppContext, 'db' | 'platform'>,
  token: string,
): Promise<UnsubscribeTarget> {
  const grant = verifyUnsubscribe(ctx.platform.signer, token);
  if (!grant) throw badRequest(releaseMessages.badUnsubscribeLink, { token: releaseMessages.badUnsubscribeLink });
  if (grant.artistId === null) return { ...grant, artistName: null };
  const artistName = await findArtistName(ctx.db, grant.artistId);
  if (artistName === null)
    throw badRequest(releaseMessages.badUnsubscribeLink, { token: releaseMessages.badUnsubscribeLink });
  return { ...grant, artistName };
}

/** POST of an unsubscribe link (the confirm page's button, or a mail app's one-click): turns the mails off. */
export async function unsubscribeByLink(
  ctx: Pick<AppContext, 'db' | 'platform'>,
  token: string,
): Promise<UnsubscribeTarget> {
  const target = await readUnsubscribeLink(ctx, token);
  // A member deleted since: the link has nothing left to turn off.
  try {
    if (target.artistId === null) await setAllOff(ctx.db, target.memberId, true);
    else await setArtistOff(ctx.db, target.memberId, target.artistId, true);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
  return target;
}

/** PostgreSQL's foreign_key_violation, on the error or one it wraps. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}
