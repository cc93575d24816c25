import { zodResolver } from '@hookform/resolvers/zod';
import { cardFormFields, type CardFormCard, type CardFormFields, type PaymentsConfigAnswer } from '@hfm/shared';
import type { MouseEvent, Ref } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';
import { StripeCardEntry, type StripeCardHandle } from './stripe-card-entry';
import { CARD_FIELDS, CardField } from './card-fields';
import './card-form.css';

export const EMPTY_CARD: CardFormFields = { number: '', expiry: '', cvc: '', cardName: '', postalCode: '' };

/** The card form's state, checked with the shared rules on blur and on submit (then as the fan types). */
export function useCardForm(): CardForm {
  return useForm<CardFormFields, unknown, CardFormCard>({
    resolver: zodResolver(cardFormFields),
    mode: 'onTouched',
    defaultValues: EMPTY_CARD,
  });
}
export type CardForm = UseFormReturn<CardFormFields, unknown, CardFormCard>;

/**
 * For a Cancel button beside the card form: pressing it keeps the focus where it is, since a blur would
 * check the field and show its message, moving the button from under the pointer before the click lands.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The server names expMonth and expYear; the form has one expiry field. */
const SERVER_FIELD: Record<string, keyof CardFormFields> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  cardName: 'cardName',
  postalCode: 'postalCode',
};

/** Puts a 400's field messages on the form's fields; false when the error named none of them. */
export function showServerCardErrors(form: CardForm, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = SERVER_FIELD[field];
    if (!name) continue;
    form.setError(name, { message });
    shown = true;
  }
  return shown;
}

/**
 * The card entry for the configured provider: the seam between the app and whoever takes the card number.
 * The local provider's fields post the number to our own tokeniser; with Stripe, Stripe's card element takes
 * it and the parent confirms the card through `stripeCard`.
 */
export function CardEntry({
  config,
  form,
  stripeCard,
  disabled,
}: {
  config: PaymentsConfigAnswer;
  form: CardForm;
  stripeCard: Ref<StripeCardHandle>;
  disabled?: boolean;
}) {
  if (config.provider === 'stripe' && config.publishableKey) {
    return <StripeCardEntry publishableKey={config.publishableKey} ref={stripeCard} disabled={disabled} />;
  }
  return <LocalCardFields form={form} disabled={disabled} />;
}

/** Number, expiry, CVC, name on card and ZIP code, each labelled, with the shared rules' messages. */
export function LocalCardFields({ form, disabled }: { form: CardForm; disabled?: boolean }) {
  const { register, formState } = form;
  return (
    <fieldset className="card-form" disabled={disabled}>
      <legend className="visually-hidden">Card details</legend>
      {CARD_FIELDS.map((spec) => (
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
