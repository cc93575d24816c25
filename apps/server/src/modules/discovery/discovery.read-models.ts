import type { ArtistPage, GenrePage, HeroArtist, MemberHomeLists, PlaylistPage } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors/app-error.js';
import { modelOf, type ReadModel, type Serializer } from '../../platform/read-models/read-model-cache.js';
import type { Actor } from '../access/index.js';
import { hasActiveSubscription } from './discovery.repository.js';
import {
  getArtistPage,
  getGenrePage,
  getHeroArtist,
  getMemberHomeLists,
  getPlaylistPage,
} from './discovery.service.js';

/**
 * The discovery pages from the read-model cache (platform/read-models, docs/decisions/0059): each public model
 * is built by its service function as for a visitor who is signed out, kept for the catalogue's version, and
 * serialized once by the route's serializer (`serialize`). What belongs to the viewer is merged here.
 */

type Serialize<T> = Serializer<T>;

export function cachedHeroArtist(ctx: AppContext, serialize: Serialize<HeroArtist | null>) {
  return ctx.platform.readModels.get('heroArtist', '', () => getHeroArtist(ctx), serialize);
}

export function cachedMemberHomeLists(ctx: AppContext, serialize: Serialize<MemberHomeLists>) {
  return ctx.platform.readModels.get('memberHomeLists', '', () => getMemberHomeLists(ctx), serialize);
}

export function cachedGenrePage(ctx: AppContext, genreId: string, serialize: Serialize<GenrePage>) {
  return ctx.platform.readModels.get('genrePage', genreId, () => getGenrePage(ctx, genreId), serialize);
}

export function cachedPlaylistPage(ctx: AppContext, playlistId: string, serialize: Serialize<PlaylistPage>) {
  return ctx.platform.readModels.get('playlistPage', playlistId, () => getPlaylistPage(ctx, playlistId), serialize);
}

/** A model made for one viewer: serialized and tagged here, kept nowhere. */
const own = modelOf;

/**
 * The artist page: its public model (what a visitor who is signed out sees) from the cache. A signed-in viewer
 * of an ACTIVE artist sees the same page but for whether they subscribe (one small read); any other page a
 * signed-in viewer asks for (an artist who has left, shown to subscribers with its songs; an artist not yet
 * public, to itself and admins) is built for them by the service, uncached.
 */
export async function cachedArtistPage(
  ctx: AppContext,
  actor: Actor,
  slug: string,
  serialize: Serialize<ArtistPage>,
  name = 'artistPage',
): Promise<ReadModel<ArtistPage>> {
  let model: ReadModel<ArtistPage>;
  try {
    model = await ctx.platform.readModels.get(name, slug, () => getArtistPage(ctx, null, slug), serialize);
  } catch (error) {
    if (actor && error instanceof AppError) return own(await getArtistPage(ctx, actor, slug), serialize);
    throw error;
  }
  if (!actor) return model;
  const page = model.value;
  if (!page.offer.available) return own(await getArtistPage(ctx, actor, slug), serialize);
  if (!(await hasActiveSubscription(ctx.db, actor.id, page.artist.id))) return model;
  return own({ ...page, offer: { ...page.offer, subscribed: true } }, serialize);
}

/**
 * The artist page's value alone, as the page a shared link opens carries it (`/a/{slug}`): kept under a name of
 * its own, since its body is not the API route's serialization.
 */
export async function cachedArtistPageValue(ctx: AppContext, actor: Actor, slug: string): Promise<ArtistPage> {
  return (await cachedArtistPage(ctx, actor, slug, () => '', 'artistPageValue')).value;
}
