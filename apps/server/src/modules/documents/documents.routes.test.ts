import {
  DOCUMENT_CONTENT_MAX,
  LEGAL,
  LEGAL_DOCUMENTS,
  documentMessages,
  type DocumentNotice,
  type DocumentSummary,
  type PublicDocument,
} from '@hfm/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions, users } from '../../platform/db/schema.js';
import { sanitizeDocumentHtml } from '../../platform/media/sanitize-html.js';
import { createAdmin, createArtist, createUser, signIn, type TestUser } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedLegalDocuments } from './documents.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
let fanCookie: string;
let artistCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, { firstName: 'Ada', lastName: 'Admin' });
  adminCookie = await signIn(t.app, admin);
  fanCookie = await signIn(t.app, await createUser(t.app));
  artistCookie = await signIn(t.app, await createArtist(t.app));
});
afterAll(async () => t.close());

const patch = (cookie: string | undefined, id: string, payload: unknown) =>
  injectAs(t, cookie, { method: 'PATCH', url: `/api/documents/${id}`, payload: payload as object });
const getDocument = async (id: string): Promise<PublicDocument> =>
  (await t.app.inject({ method: 'GET', url: `/api/documents/${id}` })).json();
const notices = async (cookie: string): Promise<DocumentNotice[]> =>
  (await injectAs(t, cookie, { method: 'GET', url: '/api/documents/notices' })).json();
const seeded = (key: string) => {
  const seed = LEGAL_DOCUMENTS.find((document) => document.key === key)!;
  return { ...seed, content: sanitizeDocumentHtml(seed.content) };
};
/** Moves a document's current publication (and its version row) back in time, as if published then. */
async function publishedDaysAgo(key: string, days: number): Promise<void> {
  const at = new Date(Date.now() - days * DAY_MS);
  const [row] = await t.app.ctx.db.update(documents).set({ publishedAt: at }).where(eq(documents.key, key)).returning();
  await t.app.ctx.db.update(documentVersions).set({ publishedAt: at }).where(eq(documentVersions.documentId, row!.id));
}

describe('the legal documents, seeded at start', () => {
  it('GET /api/documents lists the four legal documents to anyone, in the order of the pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/documents' });
    expect(res.statusCode).toBe(200);
    const list: DocumentSummary[] = res.json();
    expect(list.map(({ key, label, version, page }) => ({ key, label, version, page }))).toEqual([
      { key: 'user-terms', label: 'User Terms of Use', version: 1, page: '/user-terms' },
      { key: 'artist-terms', label: 'Artist Terms of Use', version: 1, page: '/user-terms?tab=artist' },
      { key: 'privacy-policy', label: 'Privacy Policy', version: 1, page: '/user-privacy-policy' },
      { key: 'license-agreement', label: 'Artist License Agreement', version: 1, page: '/user-license-agreement' },
    ]);
    for (const document of list) expect(document).not.toHaveProperty('content');
  });

  it('GET /api/documents/{id} answers the text by id or by key, with the legal constants in it', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/documents' })).json() as DocumentSummary[];
    const byId = await getDocument(first!.id);
    const byKey = await getDocument('user-terms');
    expect(byKey).toEqual(byId);
    expect(byKey.content).toBe(seeded('user-terms').content);
    expect(byKey.content).toContain('<h2 id="userGuidelines">User guidelines</h2>');
    expect(byKey.content).toContain(`notice on your dashboard for ${LEGAL.changeNoticeDays} days`);
    expect(byKey.content).toContain(`the laws of the State of ${LEGAL.governingLaw}`);
    const licence = await getDocument('license-agreement');
    expect(licence.content).toContain(`${LEGAL.licenceFeePerSubscriptionYear} per year per subscription`);
    expect(licence.content).toContain('<a href="/main/#/user-terms?tab=artist">Artist Terms of Use</a>');
  });

  it('404 for an unknown key or id', async () => {
    for (const id of ['cookie-policy', crypto.randomUUID(), 'USER-TERMS']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/documents/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(documentMessages.noSuchDocument);
    }
  });

  it('seeding again adds nothing; each document has its first version, published by no one', async () => {
    expect(await seedLegalDocuments(t.app.ctx.db)).toBe(0);
    expect(await t.app.ctx.db.select().from(documents)).toHaveLength(4);
    const versions = await t.app.ctx.db.select().from(documentVersions);
    expect(versions).toHaveLength(4);
    for (const version of versions) expect(version).toMatchObject({ version: 1, publishedBy: null });
  });
});

describe('PATCH /api/documents/{id}', () => {
  it('401 signed out, before the body is read', async () => {
    expect((await patch(undefined, 'privacy-policy', {})).statusCode).toBe(401);
  });

  it('400 without content, with content that is empty once sanitised, too long, or an empty title', async () => {
    const cases: [unknown, string][] = [
      [{}, 'content'],
      [{ content: 42 }, 'content'],
      [{ content: '<p> </p><script>alert(1)</script>' }, 'content'],
      [{ content: `<p>${'x'.repeat(DOCUMENT_CONTENT_MAX)}</p>` }, 'content'],
      [{ content: '<p>Text</p>', label: '  ' }, 'label'],
    ];
    for (const [payload, field] of cases) {
      const res = await patch(adminCookie, 'privacy-policy', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
  });

  it('403 for fans and artists; 404 for an unknown document', async () => {
    expect((await patch(fanCookie, 'user-terms', { content: '<p>Mine now</p>' })).statusCode).toBe(403);
    expect((await patch(artistCookie, 'license-agreement', { content: '<p>Pay me</p>' })).statusCode).toBe(403);
    expect((await patch(adminCookie, 'house-rules', { content: '<p>x</p>' })).statusCode).toBe(404);
    expect((await patch(adminCookie, crypto.randomUUID(), { content: '<p>x</p>' })).statusCode).toBe(404);
    expect((await getDocument('user-terms')).version).toBe(1);
  });

  it('sanitises the text: headings keep their anchors, site links stay, other links get our rel, script goes', async () => {
    const content = [
      '<h2 id="userGuidelines" onclick="steal()">User guidelines</h2>',
      '<h3 id="bad id!">Sub</h3><h4 id="x1">Small</h4>',
      '<p>Read the <a href="/main/#/privacy-policy" target="_blank">Privacy Policy</a>, ',
      '<a href="https://example.com/x">elsewhere</a>, <a href="javascript:alert(1)">bad</a>, ',
      '<a href="//evil.example">protocol-relative</a> and <strong>bold</strong>.</p>',
      '<script>alert(1)</script><img src=x onerror=alert(1)><ul><li>one</li></ul>',
    ].join('');
    const res = await patch(adminCookie, 'privacy-policy', { content });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe(
      '<h2 id="userGuidelines">User guidelines</h2><h3>Sub</h3><h4 id="x1">Small</h4>' +
        '<p>Read the <a href="/main/#/privacy-policy">Privacy Policy</a>, ' +
        '<a href="https://example.com/x" rel="noopener noreferrer nofollow">elsewhere</a>, bad, ' +
        'protocol-relative and <strong>bold</strong>.</p><ul><li>one</li></ul>',
    );
  });

  it('a changed text is a new version, kept with who published it; the same text again changes nothing', async () => {
    const before = await getDocument('artist-terms');
    const content = `${before.content}<p>New clause.</p>`;
    const res = await patch(adminCookie, before.id, { content });
    expect(res.statusCode).toBe(200);
    const after: PublicDocument = res.json();
    expect(after).toMatchObject({ id: before.id, key: 'artist-terms', version: 2, content });
    expect(new Date(after.publishedAt).getTime()).toBeGreaterThan(new Date(before.publishedAt).getTime());

    const again: PublicDocument = (await patch(adminCookie, 'artist-terms', { content })).json();
    expect(again.version).toBe(2);
    expect(again.publishedAt).toBe(after.publishedAt);

    const versions = await t.app.ctx.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, before.id))
      .orderBy(asc(documentVersions.version));
    expect(versions.map((version) => [version.version, version.publishedBy])).toEqual([
      [1, null],
      [2, admin.id],
    ]);
    expect(versions[0]!.content).toBe(seeded('artist-terms').content);
    expect(versions[1]!.content).toBe(content);
  });

  it('a new title alone is no new version; a title another document has is a 409', async () => {
    const current = await getDocument('license-agreement');
    const renamed = await patch(adminCookie, 'license-agreement', {
      label: 'Artist Licence',
      content: current.content,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ label: 'Artist Licence', version: current.version });
    const taken = await patch(adminCookie, 'license-agreement', { label: 'Privacy Policy', content: current.content });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(documentMessages.labelTaken);
    await patch(adminCookie, 'license-agreement', { label: current.label, content: current.content });
  });

  it('seeding never overwrites an admin’s edit, and puts back only a document that is missing', async () => {
    const edited = await getDocument('artist-terms');
    await t.app.ctx.db.delete(documents).where(eq(documents.key, 'user-terms'));
    expect(await seedLegalDocuments(t.app.ctx.db)).toBe(1);
    expect(await getDocument('artist-terms')).toEqual(edited);
    expect((await getDocument('user-terms')).content).toBe(seeded('user-terms').content);
  });
});

describe('GET /api/documents/{id}/versions', () => {
  it('401, 403, 404, then every version newest first with who published it', async () => {
    expect(
      (await injectAs(t, undefined, { method: 'GET', url: '/api/documents/artist-terms/versions' })).statusCode,
    ).toBe(401);
    expect(
      (await injectAs(t, fanCookie, { method: 'GET', url: '/api/documents/artist-terms/versions' })).statusCode,
    ).toBe(403);
    expect((await injectAs(t, adminCookie, { method: 'GET', url: '/api/documents/nope/versions' })).statusCode).toBe(
      404,
    );
    const res = await injectAs(t, adminCookie, { method: 'GET', url: '/api/documents/artist-terms/versions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        version: 2,
        label: 'Artist Terms of Use',
        publishedAt: expect.any(String),
        publishedBy: { id: admin.id, name: 'Ada Admin' },
      },
      { version: 1, label: 'Artist Terms of Use', publishedAt: expect.any(String), publishedBy: null },
    ]);
  });
});

describe('GET /api/documents/notices', () => {
  let fan: string;
  let artist: string;

  beforeAll(async () => {
    // Accounts made a year ago: every change since concerns them.
    const yearAgo = new Date(Date.now() - 365 * DAY_MS);
    const fanUser = await createUser(t.app);
    const artistUser = await createArtist(t.app);
    for (const user of [fanUser, artistUser]) {
      await t.app.ctx.db.update(users).set({ createdAt: yearAgo }).where(eq(users.id, user.id));
    }
    fan = await signIn(t.app, fanUser);
    artist = await signIn(t.app, artistUser);
  });

  it('401 signed out', async () => {
    expect((await injectAs(t, undefined, { method: 'GET', url: '/api/documents/notices' })).statusCode).toBe(401);
  });

  it('a first version is never a notice', async () => {
    await t.app.ctx.db.delete(documents).where(eq(documents.key, 'license-agreement'));
    await seedLegalDocuments(t.app.ctx.db);
    await publishedDaysAgo('license-agreement', 1);
    expect((await notices(artist)).map((notice) => notice.key)).not.toContain('license-agreement');
  });

  it('User Terms and Privacy Policy changes for everyone signed in; the Artist Terms and the Licence for artists only', async () => {
    for (const key of ['user-terms', 'license-agreement', 'privacy-policy']) {
      const current = await getDocument(key);
      expect((await patch(adminCookie, key, { content: `${current.content}<p>Changed ${key}.</p>` })).statusCode).toBe(
        200,
      );
    }
    const fanNotices = await notices(fan);
    expect(fanNotices.map((notice) => notice.key)).toEqual(['privacy-policy', 'user-terms']);
    const terms = fanNotices.find((notice) => notice.key === 'user-terms')!;
    expect(terms).toMatchObject({ label: 'User Terms of Use', version: 2, page: '/user-terms' });
    const published = new Date(terms.publishedAt).getTime();
    expect(new Date(terms.showUntil).getTime() - published).toBe(LEGAL.changeNoticeDays * DAY_MS);

    expect((await notices(artist)).map((notice) => notice.key).sort()).toEqual([
      'artist-terms',
      'license-agreement',
      'privacy-policy',
      'user-terms',
    ]);
    expect((await notices(adminCookie)).map((notice) => notice.key)).toEqual(['privacy-policy', 'user-terms']);
  });

  it('a notice shows for 30 days from the change, then goes', async () => {
    await publishedDaysAgo('privacy-policy', LEGAL.changeNoticeDays + 5);
    await publishedDaysAgo('user-terms', LEGAL.changeNoticeDays - 1);
    expect((await notices(fan)).map((notice) => notice.key)).toEqual(['user-terms']);
    await publishedDaysAgo('user-terms', LEGAL.changeNoticeDays + 0.01);
    expect(await notices(fan)).toEqual([]);
    await publishedDaysAgo('artist-terms', LEGAL.changeNoticeDays + 1);
    expect((await notices(artist)).map((notice) => notice.key)).toEqual(['license-agreement']);
  });

  it('an account made after the change agreed to the new text: no notice', async () => {
    await publishedDaysAgo('license-agreement', 2);
    const newcomer = await createArtist(t.app);
    expect(await notices(await signIn(t.app, newcomer))).toEqual([]);
    expect((await notices(artist)).map((notice) => notice.key)).toEqual(['license-agreement']);
  });
});
