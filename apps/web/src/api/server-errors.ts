import { ApiError } from './client';

/**
 * The server's per-field messages keyed by the form's field names. Artist sign-up sends `user` and
 * `artist` parts, so a field may come back as `user.email` or `artist.name`; the form knows it as `email`/`name`.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    fields[key.replace(/^(user|artist)\./, '')] = message;
  }
  return fields;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
