import { isStrongPassword } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, users } from '../platform/db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_ACCOUNTS, newDemoPassword, seedDemo, seedDemoOnFirstStart } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo seed', () => {
  it('makes random passwords that pass the shared strength rule', () => {
    const passwords = Array.from({ length: 50 }, newDemoPassword);
    for (const password of passwords) expect(isStrongPassword(password), password).toBe(true);
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  /** Each demo email with the password printed beside it in the box. */
  const passwords = new Map<string, string>();

  it('on the first start makes the three accounts and prints their random logins once, in a box', async () => {
    let printed = '';
    expect(await seedDemoOnFirstStart(t.app.ctx, (text) => (printed += text))).toHaveLength(3);
    expect(printed).toContain('┌');
    for (const demo of DEMO_ACCOUNTS) {
      const password = new RegExp(`${demo.email.replace(/[.@]/g, '\\$&')}\\s+(\\S+)\\s`).exec(printed)?.[1];
      expect(password, demo.email).toBeDefined();
      expect(password).not.toMatch(/^Demo-/);
      passwords.set(demo.email, password!);
    }
    expect(printed).toContain(`${t.config.publicUrl}/login`);

    let again = '';
    expect(await seedDemoOnFirstStart(t.app.ctx, (text) => (again += text))).toBeNull();
    expect(again).toBe('');
    expect(await t.app.ctx.db.select().from(users)).toHaveLength(3);
  });

  it('makes accounts that sign in where their role belongs; the artist is approved and searchable', async () => {
    const routes: Record<string, string> = { ADMIN: '/admin/', ARTIST: '/artist/', SUBSCRIBER: '/members/' };
    for (const demo of DEMO_ACCOUNTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { userName: demo.email, password: passwords.get(demo.email) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ routeTo: routes[demo.role], user: { role: demo.role, status: 'ACTIVE' } });
    }
    const [artistUser] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'artist@hfm.local'));
    const [artist] = await t.app.ctx.db.select().from(artists).where(eq(artists.userId, artistUser!.id));
    expect(artist).toMatchObject({ name: 'The Demo Tapes', status: 'ACTIVE', tier: 'Tier 1', isSearchable: true });
    expect(artist!.genreId).not.toBeNull();
  });

  it('seedDemo is idempotent: existing emails are skipped and said so', async () => {
    const lines: string[] = [];
    const result = await seedDemo(t.app.ctx, (line) => lines.push(line));
    expect(result).toEqual({ created: [], skipped: DEMO_ACCOUNTS.map((demo) => demo.email), logins: [] });
    expect(lines).toEqual(DEMO_ACCOUNTS.map((demo) => `Skipped ${demo.email}: it already exists.`));
    await t.app.ctx.db.delete(users).where(eq(users.email, 'fan@hfm.local'));
    const partial = await seedDemo(t.app.ctx, () => undefined);
    expect(partial.created).toEqual(['fan@hfm.local']);
  });
});
