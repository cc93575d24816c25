import type { CardFormFields, CardHolderFields } from '@hfm/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../ui/text-field';

export interface CardFieldSpec<Name extends keyof CardFormFields = keyof CardFormFields> {
  name: Name;
  label: string;
  autoComplete: string;
  placeholder?: string;
  numeric?: boolean;
  wide?: boolean;
}

const NUMBER: CardFieldSpec = {
  name: 'number',
  label: 'Card number',
  autoComplete: 'cc-number',
  placeholder: '1234 1234 1234 1234',
  numeric: true,
  wide: true,
};
const EXPIRY: CardFieldSpec = {
  name: 'expiry',
  label: 'Expiry (MM/YY)',
  autoComplete: 'cc-exp',
  placeholder: 'MM/YY',
  numeric: true,
};
const CVC: CardFieldSpec = { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123', numeric: true };

/** The two fields that are ours with every provider (Stripe's element takes the rest). */
export const CARD_HOLDER_FIELDS: CardFieldSpec<keyof CardHolderFields>[] = [
  { name: 'cardName', label: 'Name on card', autoComplete: 'cc-name', wide: true },
  { name: 'postalCode', label: 'ZIP code', autoComplete: 'postal-code', placeholder: '#####' },
];

/** The local card form: number, expiry, CVC, name on card and ZIP code. */
export const CARD_FIELDS: CardFieldSpec[] = [NUMBER, EXPIRY, CVC, ...CARD_HOLDER_FIELDS];

/** One labelled card field with its rule's message. */
export function CardField({
  spec,
  error,
  field,
}: {
  spec: CardFieldSpec;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <TextField
      label={spec.label}
      className={spec.wide ? 'card-form__wide' : undefined}
      inputMode={spec.numeric ? 'numeric' : undefined}
      autoComplete={spec.autoComplete}
      placeholder={spec.placeholder}
      error={error}
      {...field}
    />
  );
}
