import { messages, type CreateFanBody, type createFanBody } from '@hfm/shared';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { createFan } from '../../api/sign-up';
import type { SocialPrefillAnswer } from '../../api/social';
import { Button } from '../../ui/button';
import { deferredResolver } from '../../ui/deferred-resolver';
import { useLazyDiscardGuard } from '../../ui/lazy-discard-guard';
import { SavingOverlay } from '../../ui/spinner';
import { GenderField, NameFields, NewPasswordFields } from '../../components/person-fields';
import { DobField, EmailField, type AccountFormValues } from './account-fields';
import { ProfileImagePicker } from './profile-image-picker';
import { SignUpProgress } from './sign-up-progress';
import { SocialSignUp } from './social-sign-up';
import { useSignUpSubmit } from './use-sign-up-submit';

type FanSignUpValues = ReturnType<typeof createFanBody.parse>;

/** The form's validation loads when the visitor starts on it (decision 0035). */
const validation = deferredResolver(() => import('./sign-up-validation').then((module) => module.fanSignUpResolver));

const FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'dob',
  'gender',
  'profileImageData',
] as const;
const EMPTY_FORM: CreateFanBody = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  dob: '',
  gender: undefined as unknown as CreateFanBody['gender'],
  role: 'subscriber',
  profileImageData: null,
  fileName: null,
};

export interface FanSignUpFormProps {
  variant: 'modal' | 'page';
  onCancel: () => void;
  onSaved: (email: string) => void;
  /** What a social sign-in brought in (names, email, picture), and its token, which links the new account. */
  social?: { prefill: SocialPrefillAnswer; token: string } | undefined;
  /** Why a social sign-in did not work, shown above the form. */
  socialError?: ReactNode;
  /**
   * In a dialog: set to the guarded close (asks before dropping what was typed), for the dialog's Escape, corner ×
   * and clicks outside; Cancel asks too. The question loads when first needed (the page loads this form at once).
   */
  requestCloseRef?: RefObject<() => void>;
}

function prefilledForm(prefill: SocialPrefillAnswer | undefined): CreateFanBody {
  if (!prefill) return EMPTY_FORM;
  return {
    ...EMPTY_FORM,
    firstName: prefill.firstName,
    lastName: prefill.lastName,
    email: prefill.email,
    profileImageData: prefill.profileImageData,
    fileName: prefill.fileName,
  };
}

/** The fan account form shared by the modal and the page. */
export function FanSignUpForm({
  variant,
  onCancel,
  onSaved,
  social,
  socialError,
  requestCloseRef,
}: FanSignUpFormProps) {
  const [defaultValues] = useState(() => prefilledForm(social?.prefill));
  const form = useForm<CreateFanBody, unknown, FanSignUpValues>({
    resolver: validation.resolver,
    mode: 'all',
    defaultValues,
  });
  const { handleSubmit, setError, setValue, formState, control } = form;
  const account = form as unknown as UseFormReturn<AccountFormValues>;
  const profileImage = useWatch({ control, name: 'profileImageData' });
  const emailExistsMessage = variant === 'modal' ? () => messages.emailExistsModal : messages.emailExists;
  const { saving, formError, submit } = useSignUpSubmit({ setError, fieldNames: FIELD_NAMES, emailExistsMessage });
  // Read while rendering (react-hook-form only tracks isDirty for a form that reads it); it starts loading the
  // question below. Whether to ask is read from the fields at the time: an Escape right after typing can come
  // before the render that updates isDirty.
  const { isDirty } = formState;
  const edited = () => {
    const values = form.getValues();
    return FIELD_NAMES.some((name) => (values[name] ?? '') !== (defaultValues[name] ?? ''));
  };
  const guard = useLazyDiscardGuard(edited, onCancel, 'The sign-up details you typed have not been saved.');
  const guarded = requestCloseRef !== undefined;
  const cancel = guarded ? guard.requestClose : onCancel;
  useEffect(() => {
    if (requestCloseRef) requestCloseRef.current = guard.requestClose;
  });
  // The question loads when the fan first changes something, so it is there when they close.
  const { preload } = guard;
  useEffect(() => {
    if (guarded && isDirty) preload();
  }, [guarded, isDirty, preload]);

  const save = handleSubmit((values) =>
    submit(values, async () => {
      await createFan({
        ...values,
        gender: values.gender,
        role: 'subscriber',
        phoneNumber: null,
        location: null,
        socialToken: social?.token ?? null,
      });
      onSaved(values.email);
    }),
  );

  function setProfileImage(image: { dataUrl: string; fileName: string } | null) {
    setValue('profileImageData', image?.dataUrl ?? null, { shouldDirty: true, shouldValidate: true });
    setValue('fileName', image?.fileName ?? null);
  }

  return (
    <form
      className={`sign-up-form sign-up-form--fan sign-up-form--${variant}`}
      onSubmit={save}
      {...validation.loadOn}
      noValidate
      aria-busy={saving}
    >
      {saving && <SavingOverlay />}
      <SignUpProgress imageDone={isImageDataUrl(profileImage)} infoDone={formState.isValid} />
      {formError && (
        <p className="sign-up-form__alert" role="alert">
          {formError}
        </p>
      )}
      {!formError && socialError && (
        <div className="sign-up-form__alert" role="alert">
          {socialError}
        </div>
      )}
      {social ? (
        <p className="sign-up-form__notice" role="status">
          We brought in your details from {social.prefill.providerName}. Check them, then choose a password and fill in
          the rest.
        </p>
      ) : (
        <SocialSignUp />
      )}
      <ProfileImagePicker image={profileImage} onChange={setProfileImage} />
      {formState.errors.profileImageData?.message && (
        <p className="field__error">{formState.errors.profileImageData.message}</p>
      )}
      <div className="sign-up-form__grid">
        <NameFields form={account} />
        <EmailField form={account} />
        <DobField form={account} />
        <NewPasswordFields form={account} />
        <div className="sign-up-form__wide">
          <GenderField form={account} />
        </div>
      </div>
      <div className="sign-up-form__actions">
        <Button variant="secondary" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={!formState.isValid} loading={saving}>
          Continue
        </Button>
      </div>
      {guarded && guard.dialog}
    </form>
  );
}

function isImageDataUrl(value: unknown): boolean {
  return typeof value === 'string' && /^data:image\/(png|jpeg);base64,/.test(value);
}
