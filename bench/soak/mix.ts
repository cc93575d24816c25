/**
 * The soak's traffic: what one visitor does in one action, and how often each action is picked. Weights are
 * per 1,000 actions; the reasoning is in docs/performance.md ("Soak").
 */
import { makeWav } from '../../apps/server/src/test/wav.ts';
import { SOAK_PASSWORD, type Accounts, type Member } from './accounts.ts';
import type { BareStore } from './bare-store.ts';
import { json, sessionCookie, type Answer, type SoakClient } from './client.ts';

export const MIX = {
  /** Browsing: the public landing, artist pages, genre and playlist pages, member home. */
  landing: 60,
  artistPage: 138,
  genrePage: 50,
  playlistPage: 80,
  memberHome: 120,
  search: 150,
  /** Play a song: its HLS playlists and first segments when the fan may hear it in full, else its preview. */
  stream: 280,
  hiFive: 60,
  /** argon2id by design (about 14 ms of CPU): a fresh sign-in then sign-out, as a returning visitor. */
  signIn: 35,
  /** A fan subscribing to one more artist with the saved test card (local payment provider). */
  subscribe: 23,
  /** An artist's 3-second WAV through the multipart protocol; it is then transcoded by the workers. */
  upload: 2,
  /** The same store calls as an upload's, from a bare S3 client: the baseline of the upload's store-bound steps. */
  bareStore: 2,
} as const;
export type Action = keyof typeof MIX;

const SEARCH_TERMS = [
  'river', 'ghost', 'summer', 'velvet', 'moon', 'fire', 'storm', 'wolf', 'golden', 'echo', 'rain', 'silver',
  'dream', 'blue', 'heart', 'lonely', 'electric', 'neon', 'midnight', 'sparrow', 'tonight', 'copper lan',
]; // prettier-ignore
/** The segments a player fetches first (6 s each): about the first 18 s of the song. */
const SEGMENTS_PER_PLAY = 3;
const PREVIEW_RANGE = 'bytes=0-262143';
const UPLOAD_WAV = makeWav(3, { frequency: 330 });

export interface SoakState {
  accounts: Accounts;
  songsByArtist: Map<string, string[]>;
  /** Songs the soak uploaded (their outcome is checked after the run). */
  uploaded: string[];
  /** The bucket reached without HFM, when the soak knows it (SOAK_TOPOLOGY=prod); else the action does nothing. */
  bareStore: BareStore | null;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function pickAction(): Action {
  let roll = Math.random() * 1000;
  for (const [action, weight] of Object.entries(MIX) as [Action, number][]) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'artistPage';
}

export function songsByArtist(accounts: Accounts): Map<string, string[]> {
  const byArtist = new Map<string, string[]>();
  for (const song of accounts.catalogue.songs) {
    byArtist.set(song.artistId, [...(byArtist.get(song.artistId) ?? []), song.id]);
  }
  return byArtist;
}

/** What one visitor (a signed-in fan holding one connection's worth of traffic) does for an action. */
export async function runAction(action: Action, client: SoakClient, state: SoakState, member: Member) {
  const cookie = { cookie: member.cookie };
  const { catalogue } = state.accounts;
  switch (action) {
    case 'landing':
      await client.send({ kind: 'landing', url: '/main/', headers: { accept: 'text/html' }, expect: [200] });
      await client.send({ kind: 'session', url: '/api/auth/session', expect: [200] });
      return;
    case 'artistPage':
      await client.send({
        kind: 'artistPage',
        url: `/api/artist-pages/${pick(catalogue.artists).slug}`,
        headers: cookie,
        expect: [200],
      });
      return;
    case 'genrePage':
      await client.send({
        kind: 'genrePage',
        url: `/api/genres/${pick(catalogue.genres)}/page`,
        headers: cookie,
        expect: [200],
      });
      return;
    case 'playlistPage':
      await client.send({
        kind: 'playlistPage',
        url: `/api/playlists/${pick(catalogue.playlists)}`,
        headers: cookie,
        expect: [200],
      });
      return;
    case 'memberHome':
      await Promise.all([
        client.send({
          kind: 'memberHome',
          url: '/api/playlists/agg/member-home-lists',
          headers: cookie,
          expect: [200],
        }),
        client.send({ kind: 'heroArtist', url: '/api/bff/members/hero-artist', headers: cookie, expect: [200] }),
      ]);
      return;
    case 'search':
      await client.send({
        kind: 'search',
        url: `/api/search?s=${encodeURIComponent(pick(SEARCH_TERMS))}`,
        headers: cookie,
        expect: [200],
      });
      return;
    case 'stream':
      return stream(client, state, member);
    case 'hiFive':
      await client.send({
        kind: 'hiFive',
        method: 'POST',
        url: '/api/hi-fives',
        headers: cookie,
        body: { memberID: member.id, itemID: pick(catalogue.songs).id, itemType: 'song' },
        expect: [200, 201],
      });
      return;
    case 'signIn':
      return signInAndOut(client, state);
    case 'subscribe':
      return subscribeToOneMore(client, state, member);
    case 'upload':
      return upload(client, state);
    case 'bareStore':
      return state.bareStore?.upload(UPLOAD_WAV);
  }
}

/** Half the time a song of an artist the fan subscribes to (heard in full), else any song. */
async function stream(client: SoakClient, state: SoakState, member: Member) {
  const own = [...member.subscribed].flatMap((artistId) => state.songsByArtist.get(artistId) ?? []);
  const songId = own.length > 0 && Math.random() < 0.5 ? pick(own) : pick(state.accounts.catalogue.songs).id;
  const headers = { cookie: member.cookie };
  const play = await client.send({ kind: 'play', url: `/api/songs/${songId}/play`, headers, expect: [200] });
  if (!play) return;
  const urls = json<{ full: boolean; hls: string | null; preview: string | null }>(play);
  if (urls.full && urls.hls) return playHls(client, urls.hls);
  if (urls.preview) {
    // On S3 the preview's signed URL names the bucket (a CDN in production), on a disk the API's /media.
    const kind = client.isOwn(urls.preview) ? 'preview' : 'bucketPreview';
    await client.send({ kind, url: urls.preview, headers: { range: PREVIEW_RANGE }, expect: [200, 206] });
  }
}

/** The URIs a playlist names (relative to it), and its `#EXT-X-MAP` init segment. */
function playlistEntries(answer: Answer, playlistUrl: string): { map?: string; entries: string[] } {
  const lines = answer.body
    .toString()
    .split('\n')
    .map((line) => line.trim());
  const map = lines.map((line) => /^#EXT-X-MAP:URI="([^"]+)"/.exec(line)?.[1]).find(Boolean);
  return {
    map: map ? new URL(map, playlistUrl).toString() : undefined,
    entries: lines.filter((line) => line && !line.startsWith('#')).map((line) => new URL(line, playlistUrl).toString()),
  };
}

async function playHls(client: SoakClient, masterUrl: string) {
  const master = await client.send({ kind: 'hlsPlaylist', url: masterUrl, expect: [200] });
  if (!master) return;
  const mediaUrl = playlistEntries(master, masterUrl).entries[0];
  if (!mediaUrl) return;
  const media = await client.send({ kind: 'hlsPlaylist', url: mediaUrl, expect: [200] });
  if (!media) return;
  const { map, entries } = playlistEntries(media, mediaUrl);
  for (const url of [...(map ? [map] : []), ...entries.slice(0, SEGMENTS_PER_PLAY)]) {
    // On S3 the API answers a segment with a redirect to the bucket (decision 0031); a player follows it.
    const segment = await client.send({ kind: 'segment', url, expect: [200, 302] });
    if (!segment) return;
    const location = segment.status === 302 ? segment.headers.location : undefined;
    if (
      location &&
      !(await client.send({ kind: 'bucketSegment', url: new URL(location, url).toString(), expect: [200] }))
    ) {
      return;
    }
  }
}

/** A fan of the pool is used by one visitor at a time: signing out ends every session of the account. */
async function signInAndOut(client: SoakClient, state: SoakState) {
  const email = state.accounts.signInPool.shift();
  if (!email) return;
  try {
    const answer = await client.send({
      kind: 'signIn',
      method: 'POST',
      url: '/api/auth',
      body: { userName: email, password: SOAK_PASSWORD },
      expect: [200],
    });
    if (!answer) return;
    const cookie = sessionCookie(answer);
    await client.send({ kind: 'session', url: '/api/auth/session', headers: { cookie }, expect: [200] });
    await client.send({
      kind: 'signOut',
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
      expect: [200, 204],
    });
  } finally {
    state.accounts.signInPool.push(email);
  }
}

async function subscribeToOneMore(client: SoakClient, state: SoakState, member: Member) {
  const { artists } = state.accounts.catalogue;
  const start = Math.floor(Math.random() * artists.length);
  const artist = [...artists.slice(start), ...artists.slice(0, start)].find((a) => !member.subscribed.has(a.id));
  if (!artist) return;
  // Taken before the answer, so the same fan never asks twice for one artist.
  member.subscribed.add(artist.id);
  await client.send({
    kind: 'subscribe',
    method: 'POST',
    url: '/api/subscriptions',
    headers: { cookie: member.cookie, 'idempotency-key': crypto.randomUUID() },
    body: { memberID: member.id, paymentMethodID: member.paymentMethodID, artistID: artist.id },
    expect: [201],
  });
}

/** docs/studio-api.md: the song, its presigned part URLs, the one part, the completion. */
async function upload(client: SoakClient, state: SoakState) {
  const artist = pick(state.accounts.artists);
  const headers = { cookie: artist.cookie };
  const releaseDate = new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  const created = await client.send({
    kind: 'uploadCreate',
    method: 'POST',
    url: '/api/songs',
    headers,
    body: { title: `Soak ${Date.now().toString(36)}`, releaseDate },
    expect: [201],
  });
  if (!created) return;
  const songId = json<{ id: string }>(created).id;
  const file = { name: 'soak.wav', size: UPLOAD_WAV.length, type: 'audio/wav', s3Path: 'songs' };
  const presigned = await client.send({
    kind: 'uploadPresign',
    method: 'POST',
    url: `/api/songs/upload-presigned/${songId}`,
    headers,
    body: { files: [file] },
    expect: [200],
  });
  if (!presigned) return;
  const [target] = json<{ uploadId: string; key: string; urls: string[] }[]>(presigned);
  const part = await client.send({
    kind: 'bucketUploadPart',
    method: 'PUT',
    url: target!.urls[0]!,
    body: UPLOAD_WAV,
    expect: [200],
  });
  if (!part) return;
  const completed = await client.send({
    kind: 'uploadComplete',
    method: 'POST',
    url: `/api/songs/upload-complete/${songId}`,
    headers,
    body: {
      key: target!.key,
      uploadId: target!.uploadId,
      parts: [{ ETag: String(part.headers.etag ?? ''), PartNumber: 1 }],
      artistID: artist.id,
      s3Path: 'songs',
      fileName: file.name,
    },
    expect: [200],
  });
  if (completed) state.uploaded.push(songId);
}
