import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@hfm/test-support/axe';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { writeWav } from '@hfm/test-support/wav';

const FAN = 'fan@hfm.local';
const ARTIST = 'artist@hfm.local';
const TITLE = `Instant Drop ${Date.now().toString(36)}`;
/** Screens looked at by hand too (PNG), beside the e2e artifacts. */
const LOOKED_AT = '/tmp/drops';

/**
 * Instant drops in a real browser: the demo artist releases a song through the studio, and the demo fan (a
 * subscriber) gets the release mail (the embedded mailer's .eml files) and the 'New for you' row, at 1280 and
 * 390 px; the mail's unsubscribe link works signed out.
 */
describe('a subscriber hears of a release', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The sweep every second, and no quiet window: the mail goes out as soon as the song is out.
    server = await startServer({ RELEASE_SWEEP_SECONDS: '1', RELEASE_QUIET_SECONDS: '0' });
    browser = await launchBrowser();
    fs.mkdirSync(LOOKED_AT, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(email: string, viewport: typeof DESKTOP, landing: string): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(await server.demoPassword(email));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`**${landing}`);
    await page.close();
    return context;
  }

  /** A screenshot (looked at), after axe-core found no serious or critical violation on it. */
  async function shot(page: Page, name: string) {
    expect(await seriousAxeViolations(page), name).toEqual([]);
    await screenshot(page, name);
    await page.screenshot({ path: path.join(LOOKED_AT, `${name}.png`), fullPage: true });
  }

  const releaseMails = () =>
    server.mails().filter((mail) => mail.includes(TITLE) && /^To: fan@hfm\.local$/im.test(mail));

  it('sends the mail and shows New for you once the artist releases a song', async () => {
    const studio = await (await signedIn(ARTIST, DESKTOP, '/artist/')).newPage();
    await studio.goto('/artist/');
    await studio.getByRole('tab', { name: 'Songs' }).click();
    await studio.getByRole('button', { name: 'Submit Music' }).click();
    await studio.getByLabel('Choose audio files').setInputFiles([writeWav(`${TITLE}.wav`, 12, 440)]);
    const dialog = studio.getByRole('dialog', { name: 'Edit Song Info' });
    await dialog.waitFor({ timeout: 60_000 });
    await dialog.getByLabel('Release Time').first().waitFor();
    await shot(studio, 'drops-studio-song-info-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Transcoded, out, swept, fanned out and mailed by the jobs: exactly one mail to the fan.
    await expect.poll(() => releaseMails().length, { timeout: 120_000, interval: 1000 }).toBe(1);
    const [mail] = releaseMails();
    expect(mail).toMatch(/^Subject: New from .+: Instant Drop/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [MOBILE, 390],
    ] as const) {
      const context = await signedIn(FAN, viewport, '/members/');
      const page = await context.newPage();
      await page.goto('/members/');
      const row = page.getByRole('region', { name: /New for you/ });
      await row.getByText(TITLE).first().waitFor();
      // The badge on My Music counts the new releases.
      await expect.poll(() => page.getByRole('link', { name: /My Music.*\d+ new release/ }).count()).toBeGreaterThan(0);
      await shot(page, `drops-member-home-${width}`);
      await page.goto('/members/account');
      await page.getByRole('heading', { name: 'Release mails' }).waitFor();
      await page.getByRole('checkbox', { name: 'Send me release mails' }).waitFor();
      await shot(page, `drops-account-${width}`);
      await context.close();
    }
    // A second sweep after all that sent nothing more.
    expect(releaseMails()).toHaveLength(1);
  });

  it("unsubscribes through the mail's link without signing in", async () => {
    const [mail] = releaseMails();
    const unfolded = mail!.replace(/\r?\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded)![1]!;
    for (const [viewport, width] of [
      [MOBILE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: /^Stop mails about / }).waitFor();
      await shot(page, `drops-unsubscribe-confirm-${width}`);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await shot(page, `drops-unsubscribe-done-${width}`);
      await context.close();
    }
  });
});
