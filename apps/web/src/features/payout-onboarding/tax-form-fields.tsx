import { COUNTRY_CODES, TAX_CLASSIFICATIONS, US_STATE_CODES } from '@hfm/shared';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { OnboardingForm, TaxFormValues } from './onboarding-form';

export const EMPTY_TAX_FORM: TaxFormValues = {
  form: 'W-9',
  name: '',
  businessName: '',
  taxClassification: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  tinType: 'ssn',
  tin: '',
  citizenship: '',
  postalCode: '',
  country: '',
  foreignTin: '',
  noForeignTinReason: '',
  dateOfBirth: '',
  certify: false,
  signature: '',
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Every country but the US (a US person completes a W-9), by name. */
const FOREIGN_COUNTRIES = COUNTRY_CODES.filter((code) => code !== 'US')
  .map((code) => ({ value: code, label: regionNames.of(code) ?? code }))
  .sort((a, b) => a.label.localeCompare(b.label));
const STATES = US_STATE_CODES.map((code) => ({ value: code, label: code }));

const W9_CERTIFICATION =
  'Under penalties of perjury, I certify that the number shown on this form is my correct taxpayer identification ' +
  'number, that I am not subject to backup withholding, and that I am a U.S. citizen or other U.S. person.';
const W8BEN_CERTIFICATION =
  'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my ' +
  'knowledge it is true, correct and complete; that I am the individual who is the beneficial owner of the income ' +
  'to which this form relates; and that I am not a U.S. person.';

/** A W-9 (US persons) or a W-8BEN (everyone else), chosen first; the fields and words of the chosen form. */
export function TaxFormFields({ form }: { form: OnboardingForm }) {
  const { register, formState, watch, clearErrors } = form;
  // Another form: the other form's messages no longer apply.
  const chooseForm = register('taxForm.form', { onChange: () => clearErrors('taxForm') });
  const errors = formState.errors.taxForm;
  const which = watch('taxForm.form');
  const tinType = watch('taxForm.tinType');
  return (
    <div className="onboarding__tax">
      <fieldset className="onboarding__choice">
        <legend>Which form?</legend>
        <label>
          <input type="radio" value="W-9" {...chooseForm} />
          <span>
            <strong>W-9</strong>: I am a U.S. citizen or resident
          </span>
        </label>
        <label>
          <input type="radio" value="W-8BEN" {...chooseForm} />
          <span>
            <strong>W-8BEN</strong>: I am not a U.S. person
          </span>
        </label>
      </fieldset>

      <div className="onboarding__grid">
        <TextField
          label="Name (as shown on your income tax return)"
          autoComplete="name"
          className="onboarding__wide"
          error={errors?.name?.message}
          {...register('taxForm.name')}
        />
        {which === 'W-9' ? (
          <>
            <TextField
              label="Business name (optional)"
              className="onboarding__wide"
              error={errors?.businessName?.message}
              {...register('taxForm.businessName')}
            />
            <SelectField
              label="Federal tax classification"
              className="onboarding__wide"
              placeholder="Choose one"
              options={TAX_CLASSIFICATIONS}
              error={errors?.taxClassification?.message}
              {...register('taxForm.taxClassification')}
            />
            <TextField
              label="Address (number, street, and apt. or suite no.)"
              autoComplete="street-address"
              className="onboarding__wide"
              error={errors?.address?.message}
              {...register('taxForm.address')}
            />
            <TextField
              label="City"
              autoComplete="address-level2"
              error={errors?.city?.message}
              {...register('taxForm.city')}
            />
            <SelectField
              label="State"
              placeholder="Choose"
              options={STATES}
              error={errors?.state?.message}
              {...register('taxForm.state')}
            />
            <TextField
              label="ZIP code"
              autoComplete="postal-code"
              inputMode="numeric"
              error={errors?.zip?.message}
              {...register('taxForm.zip')}
            />
            <fieldset className="onboarding__choice onboarding__wide">
              <legend>Taxpayer identification number</legend>
              <label>
                <input type="radio" value="ssn" {...register('taxForm.tinType')} /> Social Security number (SSN)
              </label>
              <label>
                <input type="radio" value="ein" {...register('taxForm.tinType')} /> Employer identification number (EIN)
              </label>
            </fieldset>
            <TextField
              label={tinType === 'ein' ? 'EIN' : 'SSN'}
              inputMode="numeric"
              autoComplete="off"
              hint={tinType === 'ein' ? '##-#######' : '###-##-####'}
              error={errors?.tin?.message}
              {...register('taxForm.tin')}
            />
          </>
        ) : (
          <>
            <SelectField
              label="Country of citizenship"
              placeholder="Choose a country"
              options={FOREIGN_COUNTRIES}
              error={errors?.citizenship?.message}
              {...register('taxForm.citizenship')}
            />
            <TextField
              label="Date of birth"
              placeholder="MM/DD/YYYY"
              autoComplete="bday"
              error={errors?.dateOfBirth?.message}
              {...register('taxForm.dateOfBirth')}
            />
            <TextField
              label="Permanent residence address (street, apt. or suite no.)"
              autoComplete="street-address"
              className="onboarding__wide"
              error={errors?.address?.message}
              {...register('taxForm.address')}
            />
            <TextField
              label="City or town"
              autoComplete="address-level2"
              error={errors?.city?.message}
              {...register('taxForm.city')}
            />
            <TextField
              label="Postal code"
              autoComplete="postal-code"
              error={errors?.postalCode?.message}
              {...register('taxForm.postalCode')}
            />
            <SelectField
              label="Country of residence"
              placeholder="Choose a country"
              options={FOREIGN_COUNTRIES}
              className="onboarding__wide"
              error={errors?.country?.message}
              {...register('taxForm.country')}
            />
            <TextField
              label="Foreign tax identifying number"
              autoComplete="off"
              error={errors?.foreignTin?.message}
              {...register('taxForm.foreignTin')}
            />
            <TextField
              label="If you have none, why not"
              hint="For example: my country does not issue one"
              error={errors?.noForeignTinReason?.message}
              {...register('taxForm.noForeignTinReason')}
            />
          </>
        )}
      </div>

      <div className="onboarding__certify">
        <p className="onboarding__muted">{which === 'W-9' ? W9_CERTIFICATION : W8BEN_CERTIFICATION}</p>
        <label className="onboarding__checkbox">
          <input
            type="checkbox"
            aria-invalid={errors?.certify ? true : undefined}
            aria-describedby={errors?.certify ? 'certify-error' : undefined}
            {...register('taxForm.certify')}
          />{' '}
          I certify the above
        </label>
        {errors?.certify?.message && (
          <p className="field__error" id="certify-error">
            {errors.certify.message}
          </p>
        )}
        <TextField
          label="Signature: type your full name"
          autoComplete="name"
          error={errors?.signature?.message}
          {...register('taxForm.signature')}
        />
      </div>
    </div>
  );
}
