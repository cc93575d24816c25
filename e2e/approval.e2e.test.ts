import { auditionSongsNeeded, type PublicArtist } from '@hfm/shared';
import type { APIResponse, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { TEST_PASSWORD } from '@hfm/test-support/sign-up';

const ADMIN = 'admin@hfm.local';

/**
 * Approval needs a ready audition song (spec 000 section 9, the studio's own copy): an admin reviewing an
 * artist who has none sees Approve disabled with the reason, at desktop and phone widths.
 */
describe('an artist without a ready audition song cannot be approved', () => {
  let server: RunningServer;
  let browser: Browser;
  let artistId: string;

  async function ok(response: APIResponse, status = 200) {
    expect(response.status(), await response.text()).toBe(status);
    return response.json() as Promise<unknown>;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const request = context.request;
    const email = `no-audition-${Date.now()}@example.com`;
    const genres = (await ok(await request.get('/api/genres'))) as { id: string }[];
    const user = {
      firstName: 'Nora',
      lastName: 'Quiet',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      dob: '04/12/1990',
      gender: 'FEMALE',
    };
    const created = (await ok(
      await request.post('/api/artists/create', {
        data: { artist: { name: 'Quiet Harbour', genre: genres[0]!.id, hfmPicksOptIn: true }, user },
      }),
      201,
    )) as { artist: PublicArtist };
    artistId = created.artist.id;
    await ok(await request.post('/api/auth/confirm-user', { data: { email, code: await server.mailedCode(email) } }));
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${width} px: Approve is disabled and says why; the server refuses it too`, async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      const password = await server.demoPassword(ADMIN);
      await ok(await context.request.post('/api/auth', { data: { userName: ADMIN, password } }));
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/admin/#/submissions/artist/${artistId}`);
      await page.getByRole('heading', { level: 1, name: 'Quiet Harbour' }).waitFor();
      const approve = page.getByRole('button', { name: 'Approve', exact: true });
      await page.getByRole('note').getByText(auditionSongsNeeded).waitFor();
      expect(await approve.isDisabled()).toBe(true);
      await approve.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-approve-needs-audition-${width}`);
      const refused = await context.request.patch(`/api/artists/${artistId}`, { data: { status: 'ACTIVE' } });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(auditionSongsNeeded);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
