import type { ArtistPage, GenrePage, MemberHomeLists } from '@hfm/shared';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

type Requester = BrowserContext | APIRequestContext;

const requestOf = (from: Requester): APIRequestContext => ('request' in from ? from.request : from);

/** GET `path` and its JSON body; the status must be 200 (the body is in the failure's message). */
export async function getJson<T>(from: Requester, path: string): Promise<T> {
  const response = await requestOf(from).get(path);
  expect(response.status(), `${path}: ${response.ok() ? '' : await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Signs a demo account in through the API: the context's pages then start signed in. */
export async function signInThroughApi(context: BrowserContext, server: RunningServer, email: string): Promise<void> {
  const login = await context.request.post('/api/auth', {
    data: { userName: email, password: await server.demoPassword(email) },
  });
  expect(login.status(), `sign-in of ${email}`).toBe(200);
}

/**
 * The demo catalogue's artist pages a member reaches (member home's featured artists and new releases, then
 * every genre's artists), one at a time, with the genre page that listed each, until `found` answers a value.
 */
export async function findDemoArtist<T>(
  context: BrowserContext,
  found: (page: ArtistPage, genre: GenrePage | null) => Promise<T | undefined> | T | undefined,
): Promise<T | undefined> {
  const lists = await getJson<MemberHomeLists>(context, '/api/playlists/agg/member-home-lists');
  const seen = new Set<string>();
  const visit = async (slug: string, genre: GenrePage | null) => {
    if (seen.has(slug)) return undefined;
    seen.add(slug);
    return found(await getJson<ArtistPage>(context, `/api/artist-pages/${slug}`), genre);
  };
  for (const card of [...lists.featuredArtists, ...lists.newReleases]) {
    const answer = await visit(card.slug, null);
    if (answer !== undefined) return answer;
  }
  for (const listed of lists.genres) {
    const genre = await getJson<GenrePage>(context, `/api/genres/${listed.id}/page`);
    for (const card of genre.artists) {
      const answer = await visit(card.slug, genre);
      if (answer !== undefined) return answer;
    }
  }
  return undefined;
}
