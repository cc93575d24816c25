import type { CardFormCard, SubscribeAnswer } from '@hfm/shared';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useAttachCard, useSaveLocalCard } from '../../../api/billing/saved-cards';
import { useSubscribe } from '../../../api/billing/subscriptions';
import { errorMessage } from '../../../api/server-errors';
import { showServerCardErrors, type CardForm } from '../../../components/card-form';
import type { ConfirmedCard } from '../../../components/stripe-card-entry';

/** The spec's subscribe modal states; closing is the fifth ('close'), which forgets the rest. */
export type SubscribeStatus = 'idle' | 'loading' | 'success' | 'error';

export interface SubscribeFlow {
  status: SubscribeStatus;
  error: string | null;
  /** Whether the failure certainly moved no money (a decline, a refused card). */
  nothingCharged: boolean;
  answer: SubscribeAnswer | null;
  payWithSavedCard: (paymentMethodID: string) => Promise<void>;
  payWithNewCard: (card: CardFormCard, form: CardForm) => Promise<string | null>;
  /** Stripe: `confirm` has Stripe.js confirm the card element (null: a field of ours needs fixing). */
  payWithStripeCard: (confirm: () => Promise<ConfirmedCard | null>) => Promise<string | null>;
  reset: () => void;
}

/**
 * A fresh key for each attempt. An attempt whose outcome is unknown (the network failed, the server erred, a
 * payment under way) is retried with the same key, so the server charges at most once; a definite refusal
 * (a decline, a refused request) ends the attempt, so trying again really asks the bank again.
 */
function newIdempotencyKey(): string {
  return `subscribe-${crypto.randomUUID()}`;
}

/**
 * Subscribing to one artist: a new card is tokenised and saved first (the number goes only to the card
 * tokeniser), then the saved card pays. One attempt per card: its Idempotency-Key is made on the first
 * try and sent again on a retry after an unknown outcome, and a second click while one is under way does nothing.
 */
export function useSubscribeFlow(memberId: string, artistID: string): SubscribeFlow {
  const saveCard = useSaveLocalCard(memberId);
  const attachCard = useAttachCard(memberId);
  const subscribe = useSubscribe(memberId);
  const attempt = useRef<{ paymentMethodID: string; key: string } | null>(null);
  const busy = useRef(false);
  const [status, setStatus] = useState<SubscribeStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [nothingCharged, setNothingCharged] = useState(false);
  const [answer, setAnswer] = useState<SubscribeAnswer | null>(null);

  function fail(reason: unknown) {
    const refused = reason instanceof ApiError && (reason.status === 402 || reason.status === 400);
    if (refused) attempt.current = null;
    setError(errorMessage(reason));
    setNothingCharged(refused);
    setStatus('error');
  }

  function keyFor(paymentMethodID: string): string {
    if (attempt.current?.paymentMethodID !== paymentMethodID) {
      attempt.current = { paymentMethodID, key: newIdempotencyKey() };
    }
    return attempt.current.key;
  }

  async function charge(paymentMethodID: string) {
    try {
      setAnswer(await subscribe.mutateAsync({ artistID, paymentMethodID, idempotencyKey: keyFor(paymentMethodID) }));
      setStatus('success');
    } catch (reason) {
      fail(reason);
    }
  }

  async function exclusively<T>(work: () => Promise<T>): Promise<T | null> {
    if (busy.current) return null;
    busy.current = true;
    setStatus('loading');
    setError(null);
    try {
      return await work();
    } finally {
      busy.current = false;
    }
  }

  return {
    status,
    error,
    nothingCharged,
    answer,
    payWithSavedCard: async (paymentMethodID) => {
      await exclusively(() => charge(paymentMethodID));
    },
    payWithNewCard: (card, form) =>
      exclusively(async () => {
        let paymentMethodID: string;
        try {
          paymentMethodID = (await saveCard.mutateAsync(card)).paymentMethodID;
        } catch (reason) {
          if (showServerCardErrors(form, reason)) setStatus('idle');
          else fail(reason);
          return null;
        }
        await charge(paymentMethodID);
        return paymentMethodID;
      }),
    payWithStripeCard: (confirm) =>
      exclusively(async () => {
        let paymentMethodID: string;
        try {
          const card = await confirm();
          if (!card) {
            setStatus('idle');
            return null;
          }
          paymentMethodID = (await attachCard.mutateAsync(card)).paymentMethodID;
        } catch (reason) {
          fail(reason);
          return null;
        }
        await charge(paymentMethodID);
        return paymentMethodID;
      }),
    reset: () => {
      attempt.current = null;
      setStatus('idle');
      setError(null);
      setAnswer(null);
    },
  };
}
