import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = fileURLToPath(new URL('../../e2e/artifacts', import.meta.url));

/** Every console warning any page of this file's browsers printed since the last test took them (console-guard.ts). */
const consoleWarnings: string[] = [];
const watched = new WeakSet<BrowserContext>();

/** Contexts opened while a test runs (set by console-guard.ts around each test); closed when it ends. */
let testContexts: Set<BrowserContext> | undefined;

/** From now on, every context any browser of this file opens belongs to the running test. */
export function startTestContexts(): void {
  testContexts = new Set();
}

/**
 * Closes the contexts the test that just ended opened. A page left open keeps running and drawing, in Chromium
 * and on the machine's cores, for the rest of its file: idle /main/#/fans keeps most of a core busy with its
 * spinning record (decision 0052). Contexts opened in a beforeAll (a page several tests share) are kept.
 */
export async function closeTestContexts(): Promise<void> {
  const contexts = [...(testContexts ?? [])];
  testContexts = undefined;
  await Promise.all(contexts.map((context) => context.close()));
}

/** The warnings seen since the last call, cleared: each test fails on any (support/console-guard.ts). */
export function takeConsoleWarnings(): string[] {
  return consoleWarnings.splice(0);
}

function watchConsole(context: BrowserContext): BrowserContext {
  testContexts?.add(context);
  if (watched.has(context)) return context;
  watched.add(context);
  context.on('console', (message) => {
    if (message.type() !== 'warning') return;
    const where = message.page()?.url() ?? message.location().url;
    consoleWarnings.push(`${message.text()} (on ${where})`);
  });
  return context;
}

/**
 * A browser whose every context (browser.newContext or browser.newPage) reports its pages' console warnings and,
 * when opened inside a test, is closed when that test ends (closeTestContexts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => watchConsole(await newContext(options));
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watchConsole(page.context());
    return page;
  };
  return browser;
}

/** How every test launches Chromium (also a persistent profile's, chromium.launchPersistentContext). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Screenshots land in e2e/artifacts (ignored by git) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
