/**
 * What the soak prepares before its timed run: the catalogue it browses (read from the target's database),
 * fans signed in with a saved 4242 card and two subscriptions each, a pool of fans kept for the sign-in
 * action, and ACTIVE artists signed in for uploads. Accounts are made through the API; only the mailed
 * confirmation code is skipped (the account is confirmed in the database), so the soak can run against any
 * deployment whose database it can reach.
 */
import pg from 'pg';
import { json, sessionCookie, type SoakClient } from './client.ts';

export const SOAK_PASSWORD = 'Soak-Test-2026!';

export interface Member {
  id: string;
  email: string;
  cookie: string;
  paymentMethodID: string;
  /** Artists this fan subscribes to. */
  subscribed: Set<string>;
}

export interface Artist {
  id: string;
  userId: string;
  cookie: string;
}

export interface Catalogue {
  artists: { id: string; slug: string }[];
  songs: { id: string; artistId: string }[];
  genres: string[];
  playlists: string[];
}

export interface Accounts {
  catalogue: Catalogue;
  members: Member[];
  /** Confirmed fans not signed in: the sign-in action takes one at a time. */
  signInPool: string[];
  artists: Artist[];
}

async function sql<R>(databaseUrl: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Runs `work` over the items, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map((item, n) => work(item, start + n)))));
  }
  return results;
}

const account = (email: string) => ({
  firstName: 'Soak',
  lastName: 'Fan',
  email,
  password: SOAK_PASSWORD,
  confirmPassword: SOAK_PASSWORD,
  dob: '01/02/1990',
  gender: 'PREFER NOT TO SAY',
});

/** Marks the accounts confirmed, as the mailed code would. */
async function confirm(databaseUrl: string, emails: string[]): Promise<void> {
  await sql(
    databaseUrl,
    `with confirmed as (
       update users set status = 'ACTIVE', confirmed_at = now()
       where email = any($1) and status = 'UNCONFIRMED' returning id)
     delete from confirmation_codes where user_id in (select id from confirmed)`,
    [emails],
  );
}

export async function signIn(client: SoakClient, email: string): Promise<{ id: string; cookie: string }> {
  const answer = await client.must({
    method: 'POST',
    url: '/api/auth',
    body: { userName: email, password: SOAK_PASSWORD },
    expect: [200],
  });
  return { id: json<{ user: { id: string } }>(answer).user.id, cookie: sessionCookie(answer) };
}

async function signUpFans(client: SoakClient, databaseUrl: string, emails: string[]): Promise<void> {
  await inBatches(emails, 10, (email) =>
    client.must({
      method: 'POST',
      url: '/api/users/create',
      body: { ...account(email), role: 'subscriber' },
      expect: [200, 201],
    }),
  );
  await confirm(databaseUrl, emails);
}

/** The 4242 card tokenised by the local provider and saved on the member (docs/payments.md). */
async function saveCard(client: SoakClient, member: { id: string; cookie: string }): Promise<string> {
  const card = {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
    cardName: 'Soak Fan',
    postalCode: '10001',
  };
  const headers = { cookie: member.cookie };
  const token = json<{ paymentMethodID: string }>(
    await client.must({
      method: 'POST',
      url: '/api/payments/local/payment-methods',
      headers,
      body: card,
      expect: [200, 201],
    }),
  );
  await client.must({
    method: 'POST',
    url: `/api/subscriptions/attach-payment-method/${member.id}`,
    headers,
    body: token,
    expect: [200, 201],
  });
  return token.paymentMethodID;
}

export async function subscribe(client: SoakClient, member: Member, artistId: string): Promise<void> {
  await client.must({
    method: 'POST',
    url: '/api/subscriptions',
    headers: { cookie: member.cookie, 'idempotency-key': crypto.randomUUID() },
    body: { memberID: member.id, paymentMethodID: member.paymentMethodID, artistID: artistId },
    expect: [201],
  });
  member.subscribed.add(artistId);
}

/** ACTIVE artists with songs that everyone may see (released, ready), and those songs. */
async function readCatalogue(databaseUrl: string): Promise<Omit<Catalogue, 'genres' | 'playlists'>> {
  const artists = await sql<{ id: string; slug: string }>(
    databaseUrl,
    `select id, slug from artists where status = 'ACTIVE' and slug is not null order by id`,
  );
  const songs = await sql<{ id: string; artistId: string }>(
    databaseUrl,
    `select s.id, s.artist_id as "artistId" from songs s join artists a on a.id = s.artist_id
     where a.status = 'ACTIVE' and s.status = 'ready' and s.active
       and (s.release_date is null or s.release_date <= current_date)
     order by random() limit 20000`,
  );
  if (artists.length === 0 || songs.length === 0) throw new Error('the target has no ACTIVE artists with songs');
  return { artists, songs };
}

async function makeArtists(client: SoakClient, databaseUrl: string, stamp: string, count: number) {
  const [genre] = await sql<{ id: string }>(databaseUrl, `select id from genres order by label limit 1`);
  const emails = Array.from({ length: count }, (_, n) => `soak-artist-${stamp}-${n}@example.com`);
  await inBatches(emails, 5, (email, n) =>
    client.must({
      method: 'POST',
      url: '/api/artists/create',
      body: { artist: { name: `Soak Artist ${stamp} ${n}`, genre: genre!.id }, user: account(email) },
      expect: [201],
    }),
  );
  await confirm(databaseUrl, emails);
  // Approved, as an admin would: a PENDING artist may hold only 3 songs.
  const rows = await sql<{ id: string; userId: string; email: string }>(
    databaseUrl,
    `update artists a set status = 'ACTIVE', approved_at = now() from users u
     where u.id = a.user_id and u.email = any($1) returning a.id, a.user_id as "userId", u.email`,
    [emails],
  );
  return inBatches(rows, 5, async (row) => ({
    id: row.id,
    userId: row.userId,
    cookie: (await signIn(client, row.email)).cookie,
  }));
}

export interface AccountPlan {
  members: number;
  signInPool: number;
  artists: number;
}

export async function prepareAccounts(client: SoakClient, databaseUrl: string, plan: AccountPlan): Promise<Accounts> {
  const stamp = Date.now().toString(36);
  const base = await readCatalogue(databaseUrl);
  const memberEmails = Array.from({ length: plan.members }, (_, n) => `soak-fan-${stamp}-${n}@example.com`);
  const poolEmails = Array.from({ length: plan.signInPool }, (_, n) => `soak-signin-${stamp}-${n}@example.com`);
  console.log(`soak: signing up ${memberEmails.length + poolEmails.length} fans`);
  await signUpFans(client, databaseUrl, [...memberEmails, ...poolEmails]);
  const members = await inBatches(memberEmails, 10, async (email): Promise<Member> => {
    const session = await signIn(client, email);
    return { ...session, email, paymentMethodID: await saveCard(client, session), subscribed: new Set() };
  });
  console.log(`soak: ${members.length} fans signed in with a card; two subscriptions each`);
  await inBatches(members, 10, async (member, n) => {
    for (const offset of [0, 1])
      await subscribe(client, member, base.artists[(n * 2 + offset) % base.artists.length]!.id);
  });
  const home = json<{ frontPage: { id: string }[]; hfmPicks: { id: string }[]; genres: { id: string }[] }>(
    await client.must({
      url: '/api/playlists/agg/member-home-lists',
      headers: { cookie: members[0]!.cookie },
      expect: [200],
    }),
  );
  console.log(`soak: ${plan.artists} artists for uploads`);
  const artists = await makeArtists(client, databaseUrl, stamp, plan.artists);
  return {
    catalogue: {
      ...base,
      genres: home.genres.map((g) => g.id),
      playlists: [...home.frontPage, ...home.hfmPicks].map((p) => p.id),
    },
    members,
    signInPool: poolEmails,
    artists,
  };
}

/** The soak's uploads, by status, once the run is over (each should end `ready`). */
export async function uploadOutcome(databaseUrl: string, songIds: string[]): Promise<Record<string, number>> {
  if (songIds.length === 0) return {};
  const rows = await sql<{ status: string; count: number }>(
    databaseUrl,
    `select status, count(*)::int as count from songs where id = any($1) group by status`,
    [songIds],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
