import { isErrorBody, type ErrorCode } from '@hfm/shared';
import { forgetPlayerOnSignOut } from '../player/player-memory';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 sends the browser to /login unless this is false (the login call itself). */
  redirectOn401?: boolean;
  /** Extra request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

export const LOGIN_PATH = '/login';

/** A 401: the session has ended (expired, or signed out elsewhere); the tab's player goes with it. */
export function redirectToLogin(): void {
  forgetPlayerOnSignOut();
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
}

/** fetch with cookies and JSON; a non-2xx answer throws ApiError with the server's message and fields. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, redirectOn401 = true } = options;
  const accept = { accept: 'application/json', ...options.headers };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined || isForm ? accept : { 'content-type': 'application/json', ...accept },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'We could not reach HFM. Please check your connection and try again.');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (response.ok) return data as T;
  if (response.status === 401 && redirectOn401) redirectToLogin();
  if (isErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
  throw new ApiError(response.status, 'INTERNAL', 'Something went wrong. Please try again.');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
