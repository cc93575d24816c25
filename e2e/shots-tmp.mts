import fs from 'node:fs';
import { launchBrowser, DESKTOP, MOBILE } from './support/browser.ts';
const base = process.env.BASE!;
const accounts = fs.readFileSync(process.env.ACCOUNTS!, 'utf8');
const password = /fan@hfm\.local\s+(\S+)/.exec(accounts)![1]!;
const browser = await launchBrowser();
const errors: string[] = [];
for (const [label, viewport] of [['1280', DESKTOP], ['390', MOBILE]] as const) {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${label} ${page.url()} ${m.text()}`); });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/shots/welcome-${label}.png`, fullPage: true });
  await page.goto('/login');
  await page.getByLabel('Email').fill('fan@hfm.local');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/members/');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/shots/home-${label}.png`, fullPage: true });
  for (const [name, url] of [['my-music', '/members/my-music'], ['account', '/members/account'], ['artist', '/a/the-demo-tapes']]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png`, fullPage: true });
  }
  const album = page.getByText('First Takes').first();
  if (await album.count()) {
    await album.scrollIntoViewIfNeeded();
    await album.click().catch(() => undefined);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/album-${label}.png`, fullPage: false });
  }
  await context.close();
}
await browser.close();
console.log(errors.join('\n'));
