import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { fillAccountFields, TEST_PASSWORD } from '@hfm/test-support/sign-up';

const PASSWORD = TEST_PASSWORD;

describe('identity in a real browser', () => {
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

  it('a fan signs up on the page, confirms with the mailed code, signs in and lands on /members/', async () => {
    const page = await newPage();
    const email = `fan-${Date.now()}@example.com`;
    await page.goto('/main/#/fan-sign-up');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton.isDisabled()).resolves.toBe(true);
    await fillAccountFields(page, email);
    await expect(continueButton.isEnabled()).resolves.toBe(true);
    await continueButton.click();
    await page.getByText('Just one more step!').waitFor();
    await page.getByText('Check your email for a confirmation link!').waitFor();

    const code = await server.mailedCode(email);
    await page.goto(`/main/#/confirm?email=${encodeURIComponent(email)}`);
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('confirmed') === '1');
    await page.getByRole('status').filter({ hasText: 'Your email is confirmed' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/members/');
    await page.getByText('Rae').first().waitFor();
    await screenshot(page, 'members-shell-1280');
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px the Fan Sign Up modal goes to /login, which says a code was mailed and offers the code screen`, async () => {
      const page = await newPage(viewport);
      const email = `modal-fan-${label}-${Date.now()}@example.com`;
      await page.goto('/main/#/fans?signup=fan');
      const dialog = page.getByRole('dialog', { name: 'Fan Sign Up' });
      await dialog.waitFor();
      await screenshot(page, `fan-sign-up-modal-${label}`);
      await fillAccountFields(dialog, email);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      const notice = page.getByRole('status').filter({ hasText: 'Just one more step!' });
      await notice.getByText(`We sent a confirmation link and a 6-digit code to ${email}.`).waitFor();
      await screenshot(page, `fan-sign-up-modal-then-login-${label}`);

      await notice.getByRole('link', { name: 'Enter your code' }).click();
      await page.waitForURL((url) => url.hash.startsWith('#/confirm'));
      await page.getByLabel('Code').fill(await server.mailedCode(email));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('confirmed') === '1');
      await page.getByRole('status').filter({ hasText: 'Your email is confirmed' }).waitFor();
    });
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px the Fan Sign Up modal asks before Escape drops what was typed; Keep editing keeps it`, async () => {
      const page = await newPage(viewport);
      await page.goto('/main/#/fans?signup=fan');
      const dialog = page.getByRole('dialog', { name: 'Fan Sign Up' });
      await dialog.waitFor();
      await dialog.getByLabel('First Name', { exact: true }).fill('Rae');
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
      await ask.getByText('The sign-up details you typed have not been saved.').waitFor();
      await screenshot(page, `fan-sign-up-discard-question-${label}`);

      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await dialog.getByLabel('First Name', { exact: true }).inputValue()).toBe('Rae');
      expect(new URL(page.url()).hash).toBe('#/fans?signup=fan');

      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Discard changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).hash).toBe('#/fans');
      // Opened again, the form starts empty.
      await page.goto('/main/#/fans?signup=fan');
      expect(await dialog.getByLabel('First Name', { exact: true }).inputValue()).toBe('');
    });
  }

  it('a wrong confirmation code shows a clear message and keeps the user on the screen', async () => {
    const page = await newPage();
    await page.goto('/main/#/confirm?email=nobody%40example.com');
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/code/i).nth(1).waitFor();
    expect(page.url()).toContain('#/confirm');
  });

  it('an artist signs up and is taken to /login after 8 seconds', async () => {
    const page = await newPage();
    const email = `artist-${Date.now()}@example.com`;
    // The page's clock runs as usual until the form is filled, then stands still: the 8 seconds are counted on
    // it, not waited for, so the assertions hold however busy the machine is.
    await page.clock.install();
    await page.goto('/main/#/artist-sign-up');
    const signUp = page.getByRole('button', { name: 'Sign Up' });
    await expect(signUp.isDisabled()).resolves.toBe(true);
    await fillAccountFields(page, email);
    await page.getByLabel('Band/Artist Name').fill('The Night Drives');
    await page.getByLabel('Genre').selectOption({ label: 'Rock' });
    await expect(signUp.isEnabled()).resolves.toBe(true);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await signUp.click();
    await page.getByText("You're Almost Live").waitFor();
    await page.getByText('We sent a 6-digit confirmation code').waitFor();
    await page.getByText('An admin reviews it').waitFor();
    await page.getByText('Taking you to the login page in 8 seconds').waitFor();
    await screenshot(page, 'artist-almost-live-1280');
    await page.clock.runFor(7_000);
    await page.getByText('Taking you to the login page in 1 second').waitFor();
    expect(new URL(page.url()).pathname).toBe('/main/');
    await page.clock.runFor(999);
    expect(new URL(page.url()).pathname).toBe('/main/');
    await page.clock.runFor(1);
    await page.waitForURL('**/login');
    expect(await server.mailedCode(email)).toMatch(/^\d{6}$/);
  });

  it('invalid input shows the exact messages and keeps the button disabled', async () => {
    const page = await newPage();
    await page.goto('/main/#/fan-sign-up');
    await page.getByLabel('First Name', { exact: true }).fill('A');
    await page.getByLabel('First Name', { exact: true }).fill('');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Birthday').fill('02/30/1990');
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm Password').fill('other');
    await page.getByLabel('Last Name', { exact: true }).click();
    for (const message of [
      'Please enter your first name.',
      'Please enter a valid email address.',
      'Please enter a valid datre (MM/DD/YYYY).',
      'Passwords do not match.',
    ]) {
      await page.getByText(message, { exact: false }).first().waitFor();
    }
    await page.getByLabel('Birthday').fill(`01/01/${new Date().getFullYear() - 5}`);
    await page.getByText('You must be 13 years or older to sign up.').first().waitFor();
    await expect(page.getByRole('button', { name: 'Continue' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'fan-sign-up-errors-1280');
  });

  it('the email-exists message stops a second sign-up with the same address', async () => {
    await server.demoPassword('fan@hfm.local');
    const page = await newPage();
    await page.goto('/main/#/fan-sign-up');
    await fillAccountFields(page, 'fan@hfm.local');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('fan@hfm.local already exists.').waitFor();
  });

  it('a wrong password on /login shows the error; the demo admin lands on /admin/ (its submissions)', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@hfm.local');
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1!');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(await server.demoPassword('admin@hfm.local'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/admin\/(#.*)?$/);
    await page.waitForURL('**/admin/#/submissions');
  });

  it('signed-out visitors of a signed-in area are sent to /login', async () => {
    const page = await newPage();
    await page.goto('/artist/');
    await page.waitForURL('**/login');
  });

  // One test per screen and width: each has its own time budget, so a slow machine slows them, not fails them.
  const publicRoutes = [
    '',
    'artists',
    'artists-mobile',
    'fans',
    'fans-mobile',
    'coming-soon',
    'artist-sign-up',
    'fan-sign-up',
    'confirm',
    'user-terms',
    'user-privacy-policy',
    'user-license-agreement',
  ];
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it.each(publicRoutes)(
      `renders the public screen '/%s' at ${label} px without sideways scroll or errors`,
      async (route) => {
        const page = await newPage(viewport);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`/main/#/${route}`);
        await page.locator('h1').first().waitFor();
        // Measure once the cross-fade has finished (the leaving screen is gone), not after a guessed delay.
        await page.locator('.cross-fade__layer--leaving').waitFor({ state: 'detached' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${route} at ${label} px scrolls sideways`).toBeLessThanOrEqual(1);
        await screenshot(page, `${route || 'welcome'}-${label}`);
        expect(errors).toEqual([]);
      },
    );

    it(`renders /login at ${label} px`, async () => {
      const page = await newPage(viewport);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await screenshot(page, `login-${label}`);
    });
  }
});
