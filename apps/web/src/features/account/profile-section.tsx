import { zodResolver } from '@hookform/resolvers/zod';
import { messages, updateUserBody, US_STATES, type PublicUser, type UpdateUserBody } from '@hfm/shared';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { useUpdateUser } from '../../api/users/update-user';
import { Button } from '../../ui/button';
import { GenderButtons } from '../../ui/gender-buttons';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';

/** What the server answers for a changed email (the address is the sign-in name; it does not change here). */
export const EMAIL_CANNOT_CHANGE = 'Email address cannot be changed.';

const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'location', 'gender'] as const;
type ProfileValues = Pick<UpdateUserBody, (typeof FIELDS)[number]>;

function valuesOf(user: PublicUser): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber ?? '',
    location: (user.location ?? '') as ProfileValues['location'],
    gender: (user.gender ?? undefined) as ProfileValues['gender'],
  };
}

/** Names, phone, location and gender; email and date of birth are shown, not edited (spec: not the dob). */
export function ProfileSection({ user }: { user: PublicUser }) {
  const form = useForm<ProfileValues, unknown, UpdateUserBody>({
    resolver: zodResolver(updateUserBody),
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });
  const { register, handleSubmit, formState, setError, reset, control } = form;
  const update = useUpdateUser(user.id);

  useEffect(() => reset(valuesOf(user)), [user, reset]);

  const save = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        phoneNumber: values.phoneNumber ?? '',
        location: values.location ?? '',
        gender: values.gender,
      });
      toast.success('Profile saved.');
    } catch (error) {
      const fields = serverFieldErrors(error);
      const known = FIELDS.filter((field) => fields[field]);
      for (const field of known) setError(field, { message: fields[field] });
      if (known.length === 0) toast.error(errorMessage(error));
    }
  });

  return (
    <form className="account-card" onSubmit={save} noValidate aria-labelledby="account-profile-heading">
      <h2 id="account-profile-heading">Profile</h2>
      <div className="account-grid">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={formState.errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={formState.errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField label="Email" type="email" value={user.email} readOnly hint={EMAIL_CANNOT_CHANGE} />
        <TextField
          label="Birthday"
          value={user.dob ?? ''}
          placeholder="Not given"
          readOnly
          hint={messages.dobCannotChange}
        />
        <TextField
          label="Phone Number (optional)"
          type="tel"
          autoComplete="tel"
          error={formState.errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <SelectField
          label="Location"
          placeholder="Choose a state"
          options={US_STATES.map((state) => ({ value: state, label: state }))}
          error={formState.errors.location?.message}
          {...register('location')}
        />
      </div>
      <Controller
        control={control}
        name="gender"
        render={({ field, fieldState }) => (
          <GenderButtons
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="account-actions">
        <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
