import { messages, type ArtistSignUpForm, type artistSignUpForm } from '@hfm/shared';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { createArtist } from '../../api/sign-up';
import { useGenres } from '../../api/genres';
import { Button } from '../../ui/button';
import { deferredResolver } from '../../ui/deferred-resolver';
import { SelectField } from '../../ui/select-field';
import { SavingOverlay } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { ContactFields, GenderField, NameFields, NewPasswordFields } from '../../components/person-fields';
import { DobField, EmailField, type AccountFormValues } from './account-fields';
import { useSignUpSubmit } from './use-sign-up-submit';

const FIELD_NAMES = [
  'firstName',
  'lastName',
  'dob',
  'phoneNumber',
  'location',
  'gender',
  'name',
  'genre',
  'email',
  'password',
  'confirmPassword',
] as const;

type ArtistSignUpValues = ReturnType<typeof artistSignUpForm.parse>;

/** The form's validation loads when the visitor starts on it (decision 0035). */
const validation = deferredResolver(() => import('./sign-up-validation').then((module) => module.artistSignUpResolver));

const EMPTY_FORM: ArtistSignUpForm = {
  firstName: '',
  lastName: '',
  dob: '',
  phoneNumber: '',
  location: '',
  gender: undefined as unknown as ArtistSignUpForm['gender'],
  name: '',
  genre: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export function ArtistSignUpFormView({ onSaved }: { onSaved: (email: string) => void }) {
  const form = useForm<ArtistSignUpForm, unknown, ArtistSignUpValues>({
    resolver: validation.resolver,
    mode: 'all',
    defaultValues: EMPTY_FORM,
  });
  const { register, handleSubmit, setError, formState } = form;
  const account = form as unknown as UseFormReturn<AccountFormValues>;
  const genres = useGenres();
  const { saving, formError, submit } = useSignUpSubmit({
    setError,
    fieldNames: FIELD_NAMES,
    emailExistsMessage: messages.emailExists,
  });

  const save = handleSubmit((values) =>
    submit(values, async () => {
      const { name, genre, ...user } = values;
      await createArtist({
        artist: { name, genre, hfmPicksOptIn: true },
        user: { ...user, phoneNumber: user.phoneNumber || null, location: user.location || null, role: 'ARTIST' },
      });
      onSaved(values.email);
    }),
  );

  const genreOptions = (genres.data ?? []).map((genre) => ({ value: genre.id, label: genre.label }));
  const genrePlaceholder = genres.isPending
    ? messages.loading
    : genres.isError
      ? 'Genres could not be loaded'
      : 'Choose a genre';

  return (
    <form className="sign-up-form" onSubmit={save} {...validation.loadOn} noValidate aria-busy={saving}>
      {saving && <SavingOverlay />}
      {formError && (
        <p className="sign-up-form__alert" role="alert">
          {formError}
        </p>
      )}
      <fieldset className="sign-up-form__section">
        <legend>About you</legend>
        <div className="sign-up-form__grid">
          <NameFields form={account} />
          <DobField form={account} />
          <ContactFields
            form={account}
            locationClassName="sign-up-form__wide"
            locationPlaceholder="Choose your state"
          />
          <div className="sign-up-form__wide">
            <GenderField form={account} />
          </div>
        </div>
      </fieldset>
      <fieldset className="sign-up-form__section">
        <legend>Your music</legend>
        <div className="sign-up-form__grid">
          <TextField
            label="Band/Artist Name"
            autoComplete="organization"
            error={formState.errors.name?.message}
            {...register('name')}
          />
          <SelectField
            label="Genre"
            options={genreOptions}
            placeholder={genrePlaceholder}
            error={formState.errors.genre?.message}
            hint={genres.isError ? 'Please reload the page to try again.' : undefined}
            {...register('genre')}
          />
        </div>
      </fieldset>
      <fieldset className="sign-up-form__section">
        <legend>Your account</legend>
        <div className="sign-up-form__grid">
          <div className="sign-up-form__wide">
            <EmailField form={account} />
          </div>
          <NewPasswordFields form={account} />
        </div>
      </fieldset>
      <div className="sign-up-form__actions">
        <Button type="submit" disabled={!formState.isValid} loading={saving}>
          Sign Up
        </Button>
      </div>
    </form>
  );
}
