import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountBody, type DeleteAccountBody } from '@hfm/shared';
import { useForm } from 'react-hook-form';
import { useState } from 'react';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { useDeleteAccount } from '../../api/users/delete-account';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { PasswordField } from '../../ui/password-field';

/** Where the browser goes once the account is gone: the site's landing page, which says so. */
export const AFTER_DELETION = '/main/#/?account=deleted';

/** What deleting means, said before the password is asked for (docs/decisions/0014). */
function Consequences() {
  return (
    <ul className="note-list">
      <li>You are signed out on every device, and you cannot sign in again.</li>
      <li>Your name, email address, birthday, phone number, location, picture and saved cards are removed.</li>
      <li>Your subscriptions stop renewing. Your Hi Fives and listening history are removed.</li>
      <li>
        We keep the records of your payments, as the law and our terms require, and a note of your email address for 6
        years in case of a complaint.
      </li>
    </ul>
  );
}

export function DeleteAccountSection({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="surface-card surface-card--danger account-card" aria-labelledby="account-delete-heading">
      <h2 id="account-delete-heading">Delete account</h2>
      <p className="account-page__muted">
        Deleting your account cannot be undone. You can sign up again later with the same email address, as a new
        member.
      </p>
      <div className="account-actions account-actions--start">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog userId={userId} open={open} onOpenChange={setOpen} />
    </section>
  );
}

function DeleteAccountDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<DeleteAccountBody>({
    resolver: zodResolver(deleteAccountBody),
    defaultValues: { currentPassword: '' },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const remove = useDeleteAccount(userId);
  const [formError, setFormError] = useState<string | null>(null);

  function close(next: boolean) {
    if (remove.isPending) return;
    if (!next) {
      reset({ currentPassword: '' });
      setFormError(null);
    }
    onOpenChange(next);
  }

  const confirm = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await remove.mutateAsync(values);
      window.location.assign(AFTER_DELETION);
    } catch (error) {
      const field = serverFieldErrors(error).currentPassword;
      if (field) setError('currentPassword', { message: field }, { shouldFocus: true });
      else setFormError(errorMessage(error));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="Type your current password to confirm. This cannot be undone."
      size="small"
    >
      <form className="account-delete" onSubmit={confirm} noValidate>
        <Consequences />
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        {formError && (
          <p className="error-text" role="alert">
            {formError}
          </p>
        )}
        <div className="account-actions">
          <Button variant="ghost" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
