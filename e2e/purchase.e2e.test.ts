import fs from 'node:fs';
import path from 'node:path';
import type {
  ArtistPage,
  ArtistPageSong,
  GenrePage,
  MemberHomeLists,
  PagedPaymentReceipts,
  PublicSubscription,
  SavedCard,
} from '@hfm/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, signInThroughApi } from '@hfm/test-support/api';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { fillAccountFields, TEST_PASSWORD } from '@hfm/test-support/sign-up';

const PASSWORD = TEST_PASSWORD;
/** The demo fan finds the catalogue (member home's lists are for signed-in fans). */
const DEMO_FAN = 'fan@hfm.local';
const SHOTS = '/tmp/hfm-purchase-shots';
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * A fan pays and keeps: subscribes with 4242 4242 4242 4242 (success with related artists), hears a song
 * past its preview, downloads a FLAC, finds it in My Music, cancels from the account page (the artist page
 * then says until when, and Resume renewal undoes it), finds the payment and prints its receipt, and
 * downloads the song again; a declined card (4000 0000 0000 0002) shows the provider's message and charges nothing.
 */
describe('a fan subscribes, plays in full, downloads and cancels in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  /** An ACTIVE artist with a song longer than a preview, whose genre has other artists (the related ones). */
  let artist: ArtistPage;
  let longSong: ArtistPageSong;
  /** Another ACTIVE artist, for the declined card. */
  let other: ArtistPage;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    await signInThroughApi(context, server, DEMO_FAN);
    const lists = await getJson<MemberHomeLists>(context, '/api/playlists/agg/member-home-lists');
    for (const genre of lists.genres) {
      const page = await getJson<GenrePage>(context, `/api/genres/${genre.id}/page`);
      if (page.artists.length < 2) continue;
      for (const card of page.artists) {
        const candidate = await getJson<ArtistPage>(context, `/api/artist-pages/${card.slug}`);
        const long = candidate.songs.find((song) => !song.playsInFull && (song.duration ?? 0) > 50);
        if (!candidate.offer.available) continue;
        if (!artist && long) [artist, longSong] = [candidate, long];
        else if (!other) other = candidate;
      }
      if (artist && other) break;
    }
    await context.close();
    expect(artist, 'the demo catalogue has an artist with a long song and a related artist').toBeDefined();
    expect(other).toBeDefined();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A full-page screenshot in e2e/artifacts, and a copy in /tmp; a dialog is shot as the viewport shows it. */
  async function shot(page: Page, name: string, { dialog = false } = {}) {
    if (dialog) return void (await page.screenshot({ path: path.join(SHOTS, `${name}.png`) }));
    const file = await screenshot(page, name);
    fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
  }

  /** A new fan through the sign-up page, the mailed code and the login page: signed in on /members/. */
  async function newFan(viewport: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page; id: string }> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl, acceptDownloads: true });
    const page = await context.newPage();
    const email = `buyer-${viewport.width}-${Date.now()}@example.com`;
    await page.goto('/main/#/fan-sign-up');
    await fillAccountFields(page, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Just one more step!').waitFor();
    await page.goto(`/main/#/confirm?email=${encodeURIComponent(email)}`);
    await page.getByLabel('Code').fill(await server.mailedCode(email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/members/');
    const session = await getJson<{ user: { id: string } }>(context, '/api/auth/session');
    return { context, page, id: session.user.id };
  }

  async function fillCard(dialog: Locator, number: string) {
    await dialog.getByLabel('Card number').fill(number);
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Name on card').fill('Rae Sundown');
    await dialog.getByLabel('ZIP code').fill('10001');
  }

  /** Chooses FLAC in a song's download menu and answers the first bytes of the file the browser saved. */
  async function downloadFlac(page: Page, scope: Locator, title: string): Promise<Buffer> {
    await scope.getByRole('button', { name: `Download ${title}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /^FLAC/ }).click(),
    ]);
    const file = await download.path();
    expect(download.suggestedFilename()).toMatch(/\.flac$/);
    return fs.readFileSync(file).subarray(0, 4);
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px: subscribe, play in full, download a FLAC, keep it after cancelling; a declined card charges nothing`, async () => {
      const { context, page, id } = await newFan(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const name = artist.artist.name;

      // The declined card first: an error with the provider's message, no card kept, no subscription.
      await page.goto(`/a/${other.artist.slug}`);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      let dialog = page.getByRole('dialog', { name: `Subscribe to ${other.artist.name}` });
      await dialog.getByLabel('Card number').waitFor();
      await shot(page, `purchase-modal-idle-${label}`, { dialog: true });
      await fillCard(dialog, '4000 0000 0000 0002');
      await dialog.getByRole('button', { name: 'Subscribe for $9.99/year' }).click();
      const alert = dialog.getByRole('alert');
      await alert.getByText('Your card was declined.').waitFor();
      await alert.getByText('Nothing was charged.').waitFor();
      expect(await dialog.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
      await shot(page, `purchase-modal-error-${label}`, { dialog: true });
      expect(await getJson<SavedCard[]>(context, `/api/subscriptions/card-list/${id}`)).toEqual([]);
      expect(await getJson<PublicSubscription[]>(context, `/api/subscriptions/member/${id}`)).toEqual([]);
      // The typed card is still in the form: Escape asks before dropping it.
      await page.keyboard.press('Escape');
      await page
        .getByRole('dialog', { name: 'Discard your changes?' })
        .getByRole('button', { name: 'Discard changes' })
        .click();
      await dialog.waitFor({ state: 'detached' });

      // Subscribe with 4242: the success state lists related artists, linking to their pages.
      await page.goto(`/a/${artist.artist.slug}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('button', { name: 'Subscribe' }).click();
      dialog = page.getByRole('dialog', { name: `Subscribe to ${name}` });
      await fillCard(dialog, '4242 4242 4242 4242');
      await dialog.getByRole('button', { name: 'Subscribe for $9.99/year' }).click();
      const success = page.getByRole('dialog', { name: `You subscribe to ${name}` });
      const related = success.getByRole('region', { name: 'Related artists' });
      await related.getByRole('link').first().waitFor();
      expect(await related.getByRole('link').first().getAttribute('href')).toMatch(/^\/a\/[\w-]+$/);
      await shot(page, `purchase-modal-success-${label}`, { dialog: true });
      await success.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('status').filter({ hasText: 'Subscribed' }).waitFor();
      const [subscription] = await getJson<PublicSubscription[]>(context, `/api/subscriptions/member/${id}`);
      expect(subscription).toMatchObject({ artistName: name, status: 'active', priceCents: 999 });

      // The long song plays past 45 s: the server's answer is the full song and no preview offer shows.
      const play = await getJson<{ full: boolean }>(context, `/api/songs/${longSong.id}/play`);
      expect(play.full).toBe(true);
      const list = page.getByRole('list', { name: `Songs by ${name}` });
      await list.getByRole('button', { name: `Play ${longSong.title}` }).click();
      await page.waitForFunction(() => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
        return audio !== null && audio.currentTime > 0.5;
      });
      await page.evaluate(() => {
        document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime = 46;
      });
      await page.waitForFunction(
        () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 47,
        undefined,
        { timeout: 60_000 },
      );
      expect(await page.getByText(/^Preview — subscribe/).count()).toBe(0);

      // Download the FLAC from the artist page: a real FLAC file.
      expect((await downloadFlac(page, list, longSong.title)).toString('latin1')).toBe('fLaC');

      // My Music lists it.
      await page.goto('/members/my-music');
      const myMusic = page.getByRole('list', { name: 'My Music' });
      await myMusic.getByText(longSong.title).waitFor();

      // The card paid with is saved: the next subscribe modal offers it, chosen.
      await page.goto(`/a/${other.artist.slug}`);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const next = page.getByRole('dialog', { name: `Subscribe to ${other.artist.name}` });
      expect(await next.getByRole('radio', { name: 'Visa ending in 4242, expires 12/30' }).isChecked()).toBe(true);
      await shot(page, `purchase-modal-saved-card-${label}`, { dialog: true });
      await page.keyboard.press('Escape');
      await next.waitFor({ state: 'detached' });

      // Cancel on the account page: 'Renews on' becomes 'Ends on'.
      await page.goto('/members/account');
      const subscriptions = page.getByRole('region', { name: 'Subscriptions' });
      await subscriptions.getByText(/Renews on/).waitFor();
      const cards = page.getByRole('region', { name: 'Saved cards' });
      await cards.getByText('Visa ending in 4242').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `purchase-account-${label}`);
      await cards.getByRole('button', { name: 'Add a card' }).click();
      const addCard = page.getByRole('form', { name: 'Add a card' });
      await addCard.getByLabel('Card number').fill('4242');
      await addCard.getByLabel('CVC').focus();
      await addCard.getByText('Your card number is invalid.').waitFor();
      await addCard.scrollIntoViewIfNeeded();
      await shot(page, `purchase-account-add-card-${label}`, { dialog: true });
      await addCard.getByRole('button', { name: 'Cancel' }).click();
      await addCard.waitFor({ state: 'detached' });
      await subscriptions.getByRole('button', { name: `Cancel subscription to ${name}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.scrollIntoViewIfNeeded();
      await shot(page, `purchase-account-confirm-cancel-${label}`, { dialog: true });
      // The buttons say what they do: 'Keep subscription' keeps it, 'Cancel renewal' cancels.
      await confirm.getByRole('button', { name: 'Keep subscription' }).click();
      await confirm.waitFor({ state: 'detached' });
      await subscriptions.getByText(/Renews on/).waitFor();
      await subscriptions.getByRole('button', { name: `Cancel subscription to ${name}` }).click();
      expect(await confirm.getByRole('button').allTextContents()).toEqual(['Cancel renewal', 'Keep subscription']);
      await confirm.getByRole('button', { name: 'Cancel renewal' }).click();
      await subscriptions.getByText(/Ends on/).waitFor();
      await subscriptions.scrollIntoViewIfNeeded();
      await shot(page, `purchase-account-cancelled-${label}`, { dialog: true });

      // The artist page says until when, and Resume renewal makes it renew again.
      await page.goto(`/a/${artist.artist.slug}`);
      const until = page.getByRole('status').filter({
        hasText: `Subscribed until ${longDate.format(new Date(subscription!.currentPeriodEnd))}`,
      });
      await until.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `purchase-artist-cancelled-${label}`);
      await page.getByRole('button', { name: 'Resume renewal' }).click();
      await until.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({ hasText: /^✓ Subscribed$/ })
        .waitFor();
      const [resumed] = await getJson<PublicSubscription[]>(context, `/api/subscriptions/member/${id}`);
      expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, renewsAt: subscription!.currentPeriodEnd });

      // Payments on the account page: the first charge, and its receipt to print.
      const [receipt] = (await getJson<PagedPaymentReceipts>(context, `/api/subscriptions/payments/${id}`)).items;
      expect(receipt).toMatchObject({ kind: 'charge', amountCents: 999, artistName: name, cardLast4: '4242' });
      await page.goto('/members/account');
      await subscriptions.getByText(/Renews on/).waitFor();
      const payments = page.getByRole('region', { name: 'Payments' });
      const row = payments.getByRole('listitem').filter({ hasText: receipt!.number });
      await row.waitFor();
      for (const text of [name, 'Subscription', '$9.99']) await row.getByText(text, { exact: true }).waitFor();
      expect(await row.textContent()).toContain(longDate.format(new Date(receipt!.createdAt)));
      await payments.scrollIntoViewIfNeeded();
      await shot(page, `purchase-account-payments-${label}`, { dialog: true });
      await row.getByRole('link', { name: `Receipt ${receipt!.number}` }).click();
      await page.waitForURL(`**/members/account/receipts/${receipt!.id}`);
      const printed = page.getByRole('article', { name: `Receipt ${receipt!.number}` });
      for (const text of [
        name,
        'Amount paid',
        '$9.99',
        'Visa ending in 4242',
        `Year 1: ${longDate.format(new Date(subscription!.currentPeriodStart))} to ${longDate.format(new Date(subscription!.currentPeriodEnd))}`,
      ]) {
        await printed.getByText(text, { exact: true }).waitFor();
      }
      await shot(page, `purchase-receipt-${label}`);
      await page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'yes');
      });
      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');
      // Printed, the receipt stands alone: no header, no buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.shell-header').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await printed.waitFor();
      await shot(page, `purchase-receipt-print-${label}`);
      await page.emulateMedia({ media: 'screen' });

      // Still in My Music, and it downloads again.
      await page.goto('/members/my-music');
      await myMusic.getByText(longSong.title).waitFor();
      expect((await downloadFlac(page, myMusic, longSong.title)).toString('latin1')).toBe('fLaC');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
