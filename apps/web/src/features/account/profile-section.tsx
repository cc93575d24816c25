import { zodResolver } from '@hookform/resolvers/zod';
import { messages, updateUserBody, type PublicUser, type UpdateUserBody } from '@hfm/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useUpdateUser } from '../../api/users/update-user';
import { Button } from '../../ui/button';
import { ContactFields, GenderField, NameFields } from '../../components/person-fields';
import { TextField } from '../../ui/text-field';
import { showSaveFailure } from './save-failure';

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
  const { handleSubmit, formState, setError, reset } = form;
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
      showSaveFailure(error, FIELDS, setError);
    }
  });

  return (
    <form className="surface-card account-card" onSubmit={save} noValidate aria-labelledby="account-profile-heading">
      <h2 id="account-profile-heading">Profile</h2>
      <div className="account-grid">
        <NameFields form={form} />
        <TextField label="Email" type="email" value={user.email} readOnly hint={EMAIL_CANNOT_CHANGE} />
        <TextField
          label="Birthday"
          value={user.dob ?? ''}
          placeholder="Not given"
          readOnly
          hint={messages.dobCannotChange}
        />
        <ContactFields form={form} />
      </div>
      <GenderField form={form} />
      <div className="account-actions">
        <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
