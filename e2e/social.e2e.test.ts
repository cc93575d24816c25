import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type LoopbackOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { freePort, startServer, type RunningServer } from '@hfm/test-support/server';
import { TEST_PASSWORD } from '@hfm/test-support/sign-up';

const PASSWORD = TEST_PASSWORD;
/** Screens people look at: the e2e artifacts, and a copy where the team's reviews look. */
const SHOTS = process.env.SOCIAL_SHOTS_DIR;

async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
  }
}

describe('Sign Up With Facebook against an OpenID provider on loopback, in Chromium', () => {
  let provider: LoopbackOidcProvider;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/api/auth/social/facebook/callback` });
    // No demo catalogue: this test needs none, and seeding it is the slowest part of a first start.
    server = await startServer({ PORT: String(port), SEED_DEMO: 'false', ...provider.env('discovery') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  async function newPage(viewport: typeof DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    return context.newPage();
  }

  /** The provider's own login and consent screens. */
  async function logInAtProvider(page: Page, login: string) {
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  for (const [label, viewport, from] of [
    ['1280', DESKTOP, 'the Fan Sign Up modal'],
    ['390', MOBILE, 'the Fan Sign Up page'],
  ] as const) {
    it(`at ${label} px: from ${from}, the provider's details open the modal prefilled; the fan signs up`, async () => {
      const login = `ada-${label}`;
      const email = `ada-${label}-${Date.now()}@example.com`;
      provider.accounts.set(login, {
        email,
        email_verified: true,
        given_name: 'Ada',
        family_name: 'Lovelace',
        picture: '/pictures/ada.png',
      });
      const page = await newPage(viewport);
      if (from === 'the Fan Sign Up modal') {
        await page.goto('/main/#/fans?signup=fan');
        const dialog = page.getByRole('dialog', { name: 'Fan Sign Up' });
        await dialog.getByRole('link', { name: 'Sign Up With Facebook' }).waitFor();
        await shot(page, `social-button-modal-${label}`);
        await dialog.getByRole('link', { name: 'Sign Up With Facebook' }).click();
      } else {
        await page.goto('/main/#/fan-sign-up');
        await page.getByRole('link', { name: 'Sign Up With Facebook' }).waitFor();
        await shot(page, `social-button-page-${label}`);
        await page.getByRole('link', { name: 'Sign Up With Facebook' }).click();
      }
      await logInAtProvider(page, login);

      await page.waitForURL((url) => url.pathname === '/main/' && url.hash.includes('social='));
      const dialog = page.getByRole('dialog', { name: 'Fan Sign Up' });
      await dialog.getByRole('status').filter({ hasText: 'We brought in your details from Facebook.' }).waitFor();
      expect(await dialog.getByLabel('First Name', { exact: true }).inputValue()).toBe('Ada');
      expect(await dialog.getByLabel('Last Name', { exact: true }).inputValue()).toBe('Lovelace');
      expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
      const picture = dialog.getByRole('img', { name: 'Your profile image' });
      expect(await picture.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
      const imageStep = dialog.getByRole('list', { name: 'Sign-up progress' }).locator('li', { hasText: 'Image' });
      expect(await imageStep.getAttribute('data-done')).toBe('true');
      await shot(page, `social-prefilled-modal-${label}`);

      await dialog.getByLabel('Birthday').fill('04/12/1994');
      await dialog.getByRole('radio', { name: 'Female' }).click();
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirm Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      expect(await server.mailedCode(email)).toMatch(/^\d{6}$/);
    });
  }

  it('at 390 px: cancelling at the provider comes back to the modal with the reason', async () => {
    const page = await newPage(MOBILE);
    await page.goto('/main/#/fans?signup=fan');
    await page
      .getByRole('dialog', { name: 'Fan Sign Up' })
      .getByRole('link', { name: 'Sign Up With Facebook' })
      .click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL((url) => url.hash.includes('socialError=denied'));
    const alert = page.getByRole('dialog', { name: 'Fan Sign Up' }).getByRole('alert');
    await alert.filter({ hasText: 'Sign up with Facebook was cancelled.' }).waitFor();
    await shot(page, 'social-denied-modal-390');
  });
});
