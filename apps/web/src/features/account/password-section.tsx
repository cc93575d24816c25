import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, type ChangePasswordBody } from '@hfm/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useChangePassword } from '../../api/users/change-password';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { NewPasswordFields } from '../../components/person-fields';
import { showSaveFailure } from './save-failure';

const EMPTY: ChangePasswordBody = { currentPassword: '', password: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

export const PASSWORD_CHANGED = 'Password changed. Your other devices have been signed out.';

/** Current password, then the new one twice, with the sign-up's strength rule and match indicator. */
export function PasswordSection({ userId }: { userId: string }) {
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBody),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const change = useChangePassword(userId);

  const save = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      toast.success(PASSWORD_CHANGED);
    } catch (error) {
      showSaveFailure(error, FIELDS, setError);
    }
  });

  return (
    <form className="surface-card account-card" onSubmit={save} noValidate aria-labelledby="account-password-heading">
      <h2 id="account-password-heading">Password</h2>
      <div className="account-grid account-grid--single">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields form={form} label="New Password" />
      </div>
      <div className="account-actions">
        <Button type="submit" loading={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
}
