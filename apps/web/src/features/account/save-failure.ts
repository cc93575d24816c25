import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';

/** A failed save: the server's messages on the form's own fields, or else one toast with its message. */
export function showSaveFailure<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  const messages = serverFieldErrors(error);
  const known = fields.filter((field) => messages[field]);
  for (const field of known) setError(field, { message: messages[field] });
  if (known.length === 0) toast.error(errorMessage(error));
}
