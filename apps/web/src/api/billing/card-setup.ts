import type { CardSetupAnswer } from '@hfm/shared';
import { api } from '../client';

/** POST /api/subscriptions/card-setup/{memberID} (Stripe only): a SetupIntent's secret for Stripe.js. */
export function createCardSetup(memberId: string): Promise<CardSetupAnswer> {
  return api.post('/subscriptions/card-setup/{memberID}', { params: { memberID: memberId } });
}
