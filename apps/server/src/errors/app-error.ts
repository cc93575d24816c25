import { ERROR_STATUS, type ErrorCode } from '@hfm/shared';

/** The one error the services throw; the error handler turns it into `{ error: { code, message, fields } }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);
export const unauthenticated = (message = 'Please sign in.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (what = 'Not found.') => new AppError('NOT_FOUND', what);
export const conflict = (message: string) => new AppError('CONFLICT', message);
