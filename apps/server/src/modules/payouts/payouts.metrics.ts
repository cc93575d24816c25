import type { PayoutRunLine } from '@hfm/shared';
import type { AppContext } from '../../context.js';

const COUNTED = ['paid', 'held', 'failed'] as const;
type Counted = (typeof COUNTED)[number];
const counted = (outcome: string): outcome is Counted => (COUNTED as readonly string[]).includes(outcome);

/**
 * A real run's payouts by outcome, as it recorded them (decision 0024): paid (the transfer written), held (no
 * account or tax form: each run that holds it counts it again) and failed (the provider refused, or could not be
 * asked). Dry runs, payouts already paid and those left pending count nothing.
 */
export function countPayouts(ctx: Pick<AppContext, 'platform'>, lines: readonly PayoutRunLine[]): void {
  const metrics = ctx.platform.metrics;
  const payouts = metrics.counter('hfm_payouts_total', "Artists' payouts by outcome: paid, held, failed.", ['outcome']);
  const cents = metrics.counter('hfm_payouts_cents_total', "Cents of artists' payouts by outcome.", ['outcome']);
  for (const line of lines) {
    if (!counted(line.outcome)) continue;
    payouts.inc({ outcome: line.outcome });
    cents.inc({ outcome: line.outcome }, line.amountCents);
  }
}
