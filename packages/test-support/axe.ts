import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: {
      target: unknown[];
      any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
    }[];
  }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now, one line each (rule, help, where).
 * The script is evaluated through the DevTools protocol, which the page's Content-Security-Policy allows.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Colours are measured as drawn: wait for cross-fades and other finite animations to end first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // Once per document: the app's own (hash) navigations keep the page, and axe with it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    () => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run() as Promise<AxeResults>,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.map(String).join(' ') + contrastOf(node))
          .join(' | ')}`,
    );
}

/** For a contrast failure, the colours and the ratio axe measured. */
function contrastOf(node: AxeResults['violations'][number]['nodes'][number]): string {
  const data = node.any[0]?.data;
  return data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
}
