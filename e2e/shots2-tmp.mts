import fs from 'node:fs';
import { launchBrowser, DESKTOP, MOBILE } from './support/browser.ts';
const base = process.env.BASE!;
const password = /fan@hfm\.local\s+(\S+)/.exec(fs.readFileSync(process.env.ACCOUNTS!, 'utf8'))![1]!;
const browser = await launchBrowser();
for (const [label, viewport] of [['1280', DESKTOP], ['390', MOBILE]] as const) {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill('fan@hfm.local');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/members/');
  for (let y = 0; y < 6000; y += 400) { await page.mouse.wheel(0, 400); await page.waitForTimeout(150); }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/home-${label}.png`, fullPage: true });
  const res = await context.request.get('/api/playlists/agg/member-home-lists');
  const lists = await res.json();
  console.log(label, JSON.stringify(lists.genres.slice(0, 2)), JSON.stringify((lists.hfmRadio ?? lists.radio ?? []).slice?.(0,1)));
  await context.close();
}
await browser.close();
