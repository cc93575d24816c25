import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

/** Every Content-Security-Policy violation the page reports, from the event and from the console. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return violations;
}

describe('the pages work under their security policy', () => {
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

  async function newPage(): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    const page = await context.newPage();
    return { page, violations: await watchPolicy(page) };
  }

  it('the landing page, sign-in and the studio (rich text editor, toasts) report no violation', async () => {
    const { page, violations } = await newPage();
    await page.goto('/main/#/');
    await page.locator('#root *').first().waitFor();
    await page.goto('/login');
    await page.getByLabel('Email').fill('artist@hfm.local');
    await page.getByLabel('Password', { exact: true }).fill(await server.demoPassword('artist@hfm.local'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/artist/');
    await page.getByRole('tab', { name: 'Bio & Photos' }).click();
    await page.locator('[contenteditable="true"]').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('/api/docs renders Swagger UI with no violation', async () => {
    const { page, violations } = await newPage();
    await page.goto('/api/docs/');
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(violations).toEqual([]);
  });
});
