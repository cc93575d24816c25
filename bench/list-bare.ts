/**
 * The bare baseline of `song-list.bench.ts`: bare Fastify and a bare database client (a `pg.Pool` of the
 * server's size with the same named prepared statements, or PGlite on the same DATA_DIR) doing what our server
 * does for the song list and the artists list, and nothing else:
 *
 * - the session: the cookie's token hashed (SHA-256, base64url), the session statement, the user ACTIVE (a
 *   session last seen over 5 minutes ago stamped, as ours does), and for an ARTIST account its artist's id;
 * - `GET /api/songs/artist/{id}?page&limit`: the access statement (the artist's status, and whether the member
 *   subscribes to a CANCELLED one), 404 as ours answers it, then the page and the count of the scope it
 *   answered (all songs for the artist and admins, released ones for others, none);
 * - `GET /api/artists?page&limit`: the page of ACTIVE searchable artists with their photos, the count, and the
 *   page's genres;
 * - the same JSON, byte for byte: the bench compares the bodies and the statements (text and parameters).
 *
 * The SQL texts are our server's, captured by the bench from one request of each kind (`BENCH_STATEMENTS`):
 * the same statements, the same rows. What it leaves out is ours alone: Fastify's hooks of our app (security
 * headers, rate limit, request ids, logging), zod validation of the query and of the answer, drizzle.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface ListStatements {
  session: string;
  artistOfUser: string;
  songAccess: string;
  songPage: { all: string; out: string };
  songCount: { all: string; out: string };
  artistPage: string;
  artistCount: string;
  genres: string;
}

type Row = Record<string, unknown>;
/** Rows as objects; `array` as drizzle reads them, for the session's statement (two columns named `id`). */
type Run = (name: string, text: string, params: unknown[], rowMode?: 'array') => Promise<Row[]>;

const statements = JSON.parse(fs.readFileSync(process.env.BENCH_STATEMENTS!, 'utf8')) as ListStatements;
/** Ours stamps a session last seen over 5 minutes ago (drizzle's text of it; not in the captured requests). */
const TOUCH_SESSION = 'update "sessions" set "last_seen_at" = $1 where "sessions"."id" = $2';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The statements (text and parameters) of the last request, for the bench to compare with ours. */
let log: { text: string; params: unknown[] }[] = [];
let run: Run;
let stop: () => Promise<unknown> = async () => undefined;

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  // Dates and times as text, as drizzle reads them (it makes the Date objects itself).
  for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, (value: string) => value);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  stop = () => pool.end();
  run = async (name, text, params, rowMode) => {
    log.push({ text, params });
    return (await pool.query({ ...(name ? { name } : {}), text, values: params, ...(rowMode ? { rowMode } : {}) }))
      .rows as Row[];
  };
} else {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'db', 'pg'), { extensions: { pg_trgm } });
  stop = () => db.close();
  const asText = (value: string) => value;
  const parsers = { [types.DATE]: asText, [types.TIMESTAMP]: asText, [types.TIMESTAMPTZ]: asText };
  run = async (_name, text, params, rowMode) => {
    log.push({ text, params });
    return (await db.query<Row>(text, params, { parsers, ...(rowMode ? { rowMode } : {}) })).rows;
  };
}

const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

interface User {
  id: string;
  role: string;
  artistId: string | null;
}

async function currentUser(cookie: string | undefined): Promise<User | null> {
  const token = /(?:^|;\s*)hfm_session=([^;]*)/.exec(cookie ?? '')?.[1];
  if (!token || token.length > 200) return null;
  const tokenHash = crypto.createHash('sha256').update(token).digest('base64url');
  const [row] = (await run('auth_session_user_by_token', statements.session, [tokenHash, 1], 'array')) as unknown as
    unknown[][] | [];
  // sessions.id, last_seen_at, users.id, role, status, email, first_name, last_name
  if (!row || row[4] !== 'ACTIVE') return null;
  if (Date.now() - new Date(row[1] as string).getTime() > 5 * 60 * 1000) {
    await run('', TOUCH_SESSION, [new Date(), row[0]]);
  }
  const user: User = { id: row[2] as string, role: row[3] as string, artistId: null };
  if (user.role === 'ARTIST') {
    const [artist] = await run('artists_id_of_user', statements.artistOfUser, [user.id, 1]);
    user.artistId = (artist?.id as string | undefined) ?? null;
  }
  return user;
}

function pageOf(query: { page?: string; limit?: string }) {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 12);
  return { page, limit, offset: (page - 1) * limit };
}

const pagination = (page: number, limit: number, total: number) => {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, pageCount, hasMore: page < pageCount };
};

const dob = (date: string | null) => (date ? `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}` : null);

function presentSong(row: Row) {
  const albumIds = row.coalesce as string[]; // the album ids' column has no name of its own
  // jsonb keeps its own key order; the answer's is the schema's.
  const loudness = row.loudness as { integratedLufs: number; truePeakDb: number; lra: number } | null;
  return {
    _id: row.id,
    id: row.id,
    artistID: row.artist_id,
    title: row.title,
    additionalArtists: row.additional_artists,
    publisher: row.publisher,
    songWriters: row.song_writers,
    ISRC: row.isrc,
    embedCode: row.embed_code,
    explicit: row.explicit,
    releaseDate: dob(row.release_date as string | null),
    releaseAt: iso(row.release_at),
    trackNumber: row.track_number,
    isExclusive: row.is_exclusive,
    comment: row.comment,
    isFullPreview: row.is_full_preview,
    fullPreviewPosition: row.full_preview_position,
    plays: row.plays,
    hifives: row.hifives,
    status: row.status,
    downloads:
      row.status !== 'ready' ? null : row.download_files ? 'ready' : row.failure_reason ? 'failed' : 'preparing',
    failureReason: row.failure_reason,
    duration: row.duration,
    active: row.active,
    albumID: albumIds[0] ?? null,
    albumIDs: albumIds,
    loudness: loudness
      ? { integratedLufs: loudness.integratedLufs, truePeakDb: loudness.truePeakDb, lra: loudness.lra }
      : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const media = (key: string) => `/media/${key}`;

function presentArtist(row: Row, genre: Row | undefined) {
  const scoreMatrix = row.score_matrix as { score: number }[];
  const name = row.name as string;
  const artwork = (genre?.artwork as string | null) ?? null;
  return {
    _id: row.id,
    id: row.id,
    name,
    userID: row.user_id,
    genre: genre ? { _id: genre.id, id: genre.id, label: genre.label, artwork } : null,
    genreID: row.genre_id,
    bio: row.bio,
    hfmPicksOptIn: row.hfm_picks_opt_in,
    isExclusive: row.is_exclusive,
    isFeatured: row.is_featured,
    featuredBio: row.featured_bio,
    featuredPosition: row.featured_position,
    tier: row.tier,
    photos: (row.coalesce as string[]).map(media), // the photo keys' column
    hifives: row.hifives,
    status: row.status,
    scoreMatrix,
    totalScore: scoreMatrix.reduce((sum, entry) => sum + (Number.isFinite(entry.score) ? entry.score : 0), 0),
    bannerImagePath: row.banner_image
      ? `${media(row.banner_image as string)}?t=${new Date(row.updated_at as string).getTime()}`
      : null,
    songDirectory: `${row.id as string}${name.replace(/['",`]/g, '').replace(/ /g, '_')}`,
    searchStatus: { isSearchable: row.is_searchable },
    terminatedAt: iso(row.terminated_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    approvedAt: iso(row.approved_at),
  };
}

const { default: Fastify } = await import('fastify');
const app = Fastify({ logger: false });
const notFound = { error: { code: 'NOT_FOUND', message: 'No such artist.' } };

app.get<{ Params: { id: string }; Querystring: { page?: string; limit?: string } }>(
  '/api/songs/artist/:id',
  async (request, reply) => {
    log = [];
    const user = await currentUser(request.headers.cookie);
    const { page, limit, offset } = pageOf(request.query);
    const artistId = request.params.id;
    if (!UUID.test(artistId)) return reply.status(404).send(notFound);
    const [artist] = await run('access_artist_for_song_list', statements.songAccess, [
      user?.id ?? null,
      'active',
      artistId,
      1,
    ]);
    if (!artist) return reply.status(404).send(notFound);
    const scope =
      artist.id === user?.artistId || user?.role === 'ADMIN'
        ? 'all'
        : artist.status === 'ACTIVE' || (artist.status === 'CANCELLED' && artist.case) // `case`: subscribed
          ? 'out'
          : artist.status === 'CANCELLED'
            ? 'none'
            : null;
    if (!scope) return reply.status(404).send(notFound);
    let rows: Row[] = [];
    let total = 0;
    if (scope !== 'none') {
      const filter = scope === 'all' ? [artistId] : [artistId, 'ready', true];
      rows = await run(`songs_page_of_artist_${scope}`, statements.songPage[scope], [...filter, limit, offset]);
      const [counted] = await run(`songs_count_of_artist_${scope}`, statements.songCount[scope], filter);
      total = Number(counted?.count ?? 0);
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ items: rows.map(presentSong), pagination: pagination(page, limit, total) });
  },
);

app.get<{ Querystring: { page?: string; limit?: string } }>('/api/artists', async (request, reply) => {
  log = [];
  await currentUser(request.headers.cookie);
  const { page, limit, offset } = pageOf(request.query);
  const rows = await run('artists_public_page', statements.artistPage, ['ACTIVE', true, limit, offset]);
  const [counted] = await run('artists_public_count', statements.artistCount, ['ACTIVE', true]);
  const genreIds = [...new Set(rows.flatMap((row) => (row.genre_id ? [row.genre_id as string] : [])))];
  const genres = genreIds.length ? await run('genres_by_ids', statements.genres, [genreIds]) : [];
  const byId = new Map(genres.map((genre) => [genre.id as string, genre]));
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({
    items: rows.map((row) => presentArtist(row, byId.get(row.genre_id as string))),
    pagination: pagination(page, limit, Number(counted?.count ?? 0)),
  });
});

app.get('/statements', async () => log);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send!({ ready: true });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(stop)
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
