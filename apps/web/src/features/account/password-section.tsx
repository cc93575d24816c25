import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, type ChangePasswordBody } from '@hfm/shared';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { useChangePassword } from '../../api/users/change-password';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { PasswordHintIcon, PasswordMatch, passwordFailureText } from '../../ui/password-hint';

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
  const { register, handleSubmit, formState, setError, reset, control, trigger, getFieldState } = form;
  const [password = '', confirmPassword = ''] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const change = useChangePassword(userId);

  useEffect(() => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
  }, [password, getFieldState, trigger]);

  const save = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      toast.success(PASSWORD_CHANGED);
    } catch (error) {
      const fields = serverFieldErrors(error);
      const known = FIELDS.filter((field) => fields[field]);
      for (const field of known) setError(field, { message: fields[field] });
      if (known.length === 0) toast.error(errorMessage(error));
    }
  });

  const passwordError = formState.errors.password?.message;
  return (
    <form className="account-card" onSubmit={save} noValidate aria-labelledby="account-password-heading">
      <h2 id="account-password-heading">Password</h2>
      <div className="account-grid account-grid--single">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          labelAside={<PasswordHintIcon password={password} />}
          error={passwordError && [passwordError, passwordFailureText(password)].filter(Boolean).join(' ')}
          {...register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          hint={confirmPassword ? <PasswordMatch password={password} confirmPassword={confirmPassword} /> : undefined}
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <div className="account-actions">
        <Button type="submit" loading={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
}
