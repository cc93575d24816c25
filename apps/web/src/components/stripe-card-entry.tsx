import { zodResolver } from '@hookform/resolvers/zod';
import { cardHolderFields, type CardHolder, type CardHolderFields } from '@hfm/shared';
import type { Stripe, StripeCardElement, StripeElementStyle } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../api/client';
import { createCardSetup } from '../api/billing/card-setup';
import { CARD_HOLDER_FIELDS, CardField } from './card-fields';

/** A card Stripe.js confirmed: its token, and the name and ZIP code the fan gave beside it. */
export interface ConfirmedCard extends CardHolder {
  paymentMethodID: string;
}

export interface StripeCardHandle {
  /** Checks the fields, then confirms a SetupIntent with the card element; null when a field needs fixing. */
  confirm(memberId: string): Promise<ConfirmedCard | null>;
}

export const STRIPE_LOADING = 'Loading the secure card field…';
export const STRIPE_UNAVAILABLE = 'The secure card field could not be loaded. Please try again later.';

/** Stripe.js is fetched from Stripe (as its terms require) only when a Stripe card form first opens. */
async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
}

/** Stripe's frame cannot see our CSS: it gets the field's own colour and type, read off the page. */
function elementStyle(host: HTMLElement): StripeElementStyle {
  const css = getComputedStyle(host);
  return {
    base: {
      color: css.color,
      fontFamily: css.fontFamily,
      fontSize: '16px',
      '::placeholder': { color: 'rgba(255,255,255,0.45)' },
    },
    invalid: {
      color: getComputedStyle(document.documentElement).getPropertyValue('--color-error').trim() || '#ff6b6b',
    },
  };
}

function useCardElement(publishableKey: string, host: React.RefObject<HTMLDivElement | null>) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [element, setElement] = useState<StripeCardElement | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let mounted: StripeCardElement | null = null;
    let gone = false;
    loadStripeJs(publishableKey).then(
      (loaded) => {
        if (gone) return;
        if (!loaded || !host.current) return setFailed(true);
        mounted = loaded.elements().create('card', { hidePostalCode: true, style: elementStyle(host.current) });
        mounted.mount(host.current);
        setStripe(loaded);
        setElement(mounted);
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      mounted?.destroy();
    };
  }, [publishableKey, host]);
  return { stripe, element, failed };
}

/**
 * Stripe's card element (number, expiry, CVC: typed into Stripe's own frame, never seen by HFM), with the
 * name on the card and ZIP code checked by the spec's rules. The parent confirms it through `ref`.
 */
export function StripeCardEntry({
  publishableKey,
  disabled,
  ref,
}: {
  publishableKey: string;
  disabled?: boolean;
  ref: Ref<StripeCardHandle>;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { stripe, element, failed } = useCardElement(publishableKey, host);
  const [cardError, setCardError] = useState<string | null>(null);
  const form = useForm<CardHolderFields, unknown, CardHolder>({
    resolver: zodResolver(cardHolderFields),
    mode: 'onTouched',
    defaultValues: { cardName: '', postalCode: '' },
  });
  useEffect(() => {
    element?.on('change', (event) => setCardError(event.error?.message ?? null));
  }, [element]);

  useImperativeHandle(ref, () => ({
    async confirm(memberId) {
      if (!(await form.trigger())) return null;
      if (!stripe || !element) throw new ApiError(400, 'VALIDATION', failed ? STRIPE_UNAVAILABLE : STRIPE_LOADING);
      const { cardName, postalCode } = cardHolderFields.parse(form.getValues());
      const { clientSecret } = await createCardSetup(memberId);
      const result = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card: element, billing_details: { name: cardName, address: { postal_code: postalCode } } },
      });
      if (result.error) {
        const refused = result.error.type === 'card_error';
        throw new ApiError(
          refused ? 402 : 400,
          refused ? 'PAYMENT_DECLINED' : 'VALIDATION',
          result.error.message ?? '',
        );
      }
      const method = result.setupIntent.payment_method;
      const paymentMethodID = typeof method === 'string' ? method : (method?.id ?? '');
      return { paymentMethodID, cardName, postalCode };
    },
  }));

  const { register, formState } = form;
  return (
    <fieldset className="card-form" disabled={disabled}>
      <legend className="visually-hidden">Card details</legend>
      <div className="card-form__wide field">
        <span className="field__label">Card</span>
        <div ref={host} className="field__input card-form__stripe" aria-invalid={cardError ? true : undefined} />
        {!stripe && !failed && <p className="field__hint">{STRIPE_LOADING}</p>}
        {failed && (
          <p className="field__error" role="alert">
            {STRIPE_UNAVAILABLE}
          </p>
        )}
        {cardError && (
          <p className="field__error" role="alert">
            {cardError}
          </p>
        )}
      </div>
      {CARD_HOLDER_FIELDS.map((spec) => (
        <CardField
          key={spec.name}
          spec={spec}
          error={formState.errors[spec.name]?.message}
          field={register(spec.name)}
        />
      ))}
    </fieldset>
  );
}
