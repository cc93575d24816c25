import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { codeFromMail, startServer, type RunningServer } from '@hfm/test-support/server';

/** expect.poll gives up after 1 s by default: far too soon on a busy machine. */
const EVENTUALLY = { timeout: 30_000 };

const UNREADABLE_IMAGE = 'This file could not be read as an image. Please choose a .png, .jpg or .jpeg image.';

describe('what a new user saw, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    return context.newPage();
  }

  /** Console errors and failed requests (a 401 shows as "Failed to load resource" in the console). */
  function watchErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    return errors;
  }

  async function signInAsArtist(viewport = DESKTOP): Promise<Page> {
    const page = await newPage(viewport);
    await page.goto('/login');
    await page.getByLabel('Email').fill('artist@hfm.local');
    await page.getByLabel('Password', { exact: true }).fill(await server.demoPassword('artist@hfm.local'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/artist/');
    return page;
  }

  it('the top bar and the mobile sign-up bar blur what scrolls under them', async () => {
    const page = await newPage();
    await page.goto('/main/#/fans');
    await page.locator('.site-nav').waitFor();
    expect(await page.locator('.site-nav').evaluate((nav) => getComputedStyle(nav).backdropFilter)).toBe('blur(14px)');
    const mobile = await newPage(MOBILE);
    await mobile.goto('/main/#/fans-mobile');
    const bar = mobile.locator('.sticky-action');
    await bar.waitFor();
    expect(await bar.evaluate((element) => getComputedStyle(element).backdropFilter)).toBe('blur(12px)');
  });

  it('on /fans-mobile the sign-up bar steps aside for the price card', async () => {
    const page = await newPage(MOBILE);
    await page.goto('/main/#/fans-mobile');
    await page.locator('.price-panel').evaluate((panel) => panel.scrollIntoView({ block: 'end' }));
    // The price card's bottom edge is at the bottom of the screen: what is drawn there must be the card.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const hit = document.elementFromPoint(window.innerWidth / 2, window.innerHeight - 24);
            return Boolean(hit?.closest('.price-panel'));
          }),
        EVENTUALLY,
      )
      .toBe(true);
    await screenshot(page, 'fans-mobile-price-card-390');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect
      .poll(() => page.locator('.sticky-action').evaluate((bar) => getComputedStyle(bar).opacity), EVENTUALLY)
      .toBe('1');
  });

  it('a signed-out visit logs no errors, and every page has its own title', async () => {
    const page = await newPage();
    const errors = watchErrors(page);
    for (const [path, title] of [
      ['/main/#/', 'Welcome · HFM'],
      ['/main/#/terms-conditions', 'Terms and Conditions · HFM'],
      ['/main/#/artist-sign-up', 'Artist Sign Up · HFM'],
      ['/login', 'Log in · HFM'],
    ] as const) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.title(), EVENTUALLY).toBe(title);
    }
    // The session probe on /login answered, quietly.
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  it('after confirming, /login says the email is confirmed and has it filled in', async () => {
    const email = `confirm-${Date.now()}@example.com`;
    const password = 'Night-Drive-2025!';
    const created = await fetch(`${server.baseUrl}/api/users/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Rae',
        lastName: 'Sundown',
        email,
        password,
        confirmPassword: password,
        dob: '04/12/1994',
        gender: 'FEMALE',
        role: 'subscriber',
      }),
    });
    expect(created.status).toBe(201);
    for (const [label, viewport] of [
      ['1280', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      const page = await newPage(viewport);
      await page.goto(`/main/#/confirm?email=${encodeURIComponent(email)}`);
      if (label === '1280') {
        await page.getByLabel('Code').fill(codeFromMail(server.mails(), email));
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL((url) => url.pathname === '/login');
      } else {
        await page.goto(`/login?confirmed=1&email=${encodeURIComponent(email)}`);
      }
      await page
        .getByRole('status')
        .filter({ hasText: `Your email is confirmed (${email})` })
        .waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await screenshot(page, `login-confirmed-${label}`);
    }
  });

  it("the studio's tab follows the address, and Back shows the tab before", async () => {
    const page = await signInAsArtist();
    const selected = () => page.getByRole('tab', { selected: true }).innerText();
    await page.goto('/artist/#songs');
    await expect.poll(selected, EVENTUALLY).toBe('Songs');
    await expect.poll(() => page.title(), EVENTUALLY).toBe('Songs · Studio · HFM');
    await page.getByRole('tab', { name: 'Albums' }).click();
    await page.getByRole('tab', { name: 'Profile' }).click();
    expect(new URL(page.url()).hash).toBe('#profile');
    await page.goBack();
    await expect.poll(selected, EVENTUALLY).toBe('Albums');
    await page.goBack();
    await expect.poll(selected, EVENTUALLY).toBe('Songs');
  });

  it('at 390 px the studio tabs scroll, fade where more tabs are, and the chosen one is in view', async () => {
    const page = await signInAsArtist(MOBILE);
    const list = page.getByRole('tablist', { name: 'Studio' });
    await expect.poll(() => list.getAttribute('data-more-end'), EVENTUALLY).toBe('');
    await screenshot(page, 'studio-tabs-390');
    await page.goto('/artist/#audition');
    const last = page.getByRole('tab', { name: 'Bio & Photos' });
    await expect.poll(() => last.getAttribute('aria-selected'), EVENTUALLY).toBe('true');
    await expect
      .poll(async () => {
        const box = (await last.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= MOBILE.width;
      }, EVENTUALLY)
      .toBe(true);
    await screenshot(page, 'studio-tabs-audition-390');
  });

  it('the image editor explains a file that is not an image, then takes a real one; the header avatar follows', async () => {
    const page = await signInAsArtist();
    const errors = watchErrors(page);
    await page.goto('/artist/#profile');
    await page.getByRole('button', { name: 'Change image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crop Image' });
    await dialog.waitFor();
    await dialog.getByLabel('Image file').setInputFiles({
      name: 'not-a-picture.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text, not a PNG'),
    });
    await dialog.getByRole('alert').filter({ hasText: UNREADABLE_IMAGE }).waitFor();
    expect(await dialog.locator('.reactEasyCrop_Container').count()).toBe(0);
    await screenshot(page, 'image-editor-unreadable-1280');

    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 480;
        canvas.height = 360;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#e94bbd';
        context.fillRect(0, 0, 480, 360);
        context.fillStyle = '#38d6e8';
        context.fillRect(120, 90, 240, 180);
        return canvas.toDataURL('image/png').split(',')[1]!;
      }),
      'base64',
    );
    await dialog.getByLabel('Image file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('img', { name: 'Cover Image Preview' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'image-editor-valid-1280');
    await dialog.getByRole('button', { name: 'Save Image' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.shell-header__avatar img').waitFor();
    expect(errors).toEqual([]);
  });
});
