import type { UseFormReturn } from 'react-hook-form';

/** Every field of both tax forms: the chosen form's are sent (the shared rules drop the others). */
export interface TaxFormValues {
  form: 'W-9' | 'W-8BEN';
  name: string;
  businessName: string;
  taxClassification: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tinType: 'ssn' | 'ein';
  tin: string;
  citizenship: string;
  postalCode: string;
  country: string;
  foreignTin: string;
  noForeignTinReason: string;
  dateOfBirth: string;
  certify: boolean;
  signature: string;
}

export interface OnboardingValues {
  bankAccount: { accountHolder: string; routingNumber: string; accountNumber: string };
  taxForm: TaxFormValues;
}

export type OnboardingForm = UseFormReturn<OnboardingValues>;
