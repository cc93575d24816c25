import { isErrorBody, type ErrorCode } from '@hfm/shared';
import { forgetPlayerOnSignOut } from '../player/player-memory';
import type { paths } from './openapi-types';

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

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A path of the API document without its `/api` prefix, which the client adds: `/songs/{id}`. */
type RouteOf<Path> = Path extends `/api${infer Route}` ? Route : never;

/** The routes of the API document (docs/api/openapi.json) that answer `method`. */
export type ApiRoute<M extends HttpMethod> = {
  [Path in keyof paths]: paths[Path][M] extends { responses: unknown } ? RouteOf<Path> : never;
}[keyof paths];

/** The document's operation for a method and route: its parameters, body and answers. */
type Operation<M extends HttpMethod, Route extends string> = `/api${Route}` extends infer Path extends keyof paths
  ? NonNullable<paths[Path][M]>
  : never;

type ParamsOption<Op> = Op extends { parameters: { path: infer Params } } ? { params: Params } : { params?: undefined };

type QueryOption<Op> = Op extends { parameters: { query: infer Query } }
  ? { query: Query }
  : Op extends { parameters: { query?: infer Query } }
    ? [Query] extends [undefined]
      ? { query?: undefined }
      : { query?: Query }
    : { query?: undefined };

/** The JSON body, or FormData where the route also takes multipart. */
type RequestBody<Op> = Op extends { requestBody?: { content: infer Content } }
  ? | (Content extends { 'application/json': infer Json } ? Json : never)
    | (Content extends { 'multipart/form-data': unknown } ? FormData : never)
  : never;

type BodyOption<Op> = Op extends { requestBody: unknown }
  ? { body: RequestBody<Op> }
  : [RequestBody<Op>] extends [never]
    ? { body?: undefined }
    : { body?: RequestBody<Op> };

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a 2xx answer of the operation holds (undefined for one without content). */
type Answer<Op> = Op extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends SuccessStatus
        ? Responses[Status] extends { content: { 'application/json': infer Json } }
          ? Json
          : undefined
        : never;
    }[keyof Responses]
  : never;

/** Everything but the route's own parts. */
interface CallOptions {
  signal?: AbortSignal;
  /** A 401 sends the browser to /login unless this is false (the login call itself). */
  redirectOn401?: boolean;
  /** Extra request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

type UrlOptions<Op> = ParamsOption<Op> & QueryOption<Op>;
type RequestOptions<Op> = UrlOptions<Op> & BodyOption<Op> & CallOptions;
/** The options argument, optional when the route needs none of its parts. */
type OptionalWhenEmpty<Options> = object extends Options ? [options?: Options] : [options: Options];

/** The route's query parameters. */
export type ApiQuery<M extends HttpMethod, Route extends ApiRoute<M>> = NonNullable<
  QueryOption<Operation<M, Route>>['query']
>;
interface RouteParts {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** `/api` + the route with its `{name}` parts filled (encoded) + the query's defined values in their order. */
export function apiUrl<Route extends ApiRoute<'get'>>(
  route: Route,
  ...[options]: OptionalWhenEmpty<UrlOptions<Operation<'get', Route>>>
): string {
  return urlOf(route, options as RouteParts | undefined);
}

function urlOf(route: string, { params = {}, query = {} }: RouteParts = {}): string {
  const path = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

/** The route's path parameters when `path` (without its query) is one of its URLs, else null. */
export function matchApiUrl<Route extends ApiRoute<'get'>>(
  route: Route,
  path: string,
): ParamsOption<Operation<'get', Route>>['params'] | null {
  const names: string[] = [];
  const pattern = route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^/api${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)])) as never;
}

type Caller<M extends HttpMethod> = <Route extends ApiRoute<M>>(
  route: Route,
  ...options: OptionalWhenEmpty<RequestOptions<Operation<M, Route>>>
) => Promise<Answer<Operation<M, Route>>>;

function caller<M extends HttpMethod>(method: M): Caller<M> {
  const call = (route: string, options: RouteParts & Omit<SendOptions, 'method'> = {}) => {
    const { body, signal, redirectOn401, headers } = options;
    const upper = method.toUpperCase() as SendOptions['method'];
    return send(urlOf(route, options), { method: upper, body, signal, redirectOn401, headers });
  };
  return call as unknown as Caller<M>;
}

/**
 * The API, typed from its document: `api.get('/songs/{id}', { params: { id } })`. The method, route, path
 * parameters, query, body and answer all come from docs/api/openapi.json, so a call the server does not take
 * does not compile.
 */
export const api = {
  get: caller('get'),
  post: caller('post'),
  put: caller('put'),
  patch: caller('patch'),
  delete: caller('delete'),
};

interface SendOptions extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
}

export const LOGIN_PATH = '/login';

/** A 401: the session has ended (expired, or signed out elsewhere); the tab's player goes with it. */
export function redirectToLogin(): void {
  forgetPlayerOnSignOut();
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
}

/** fetch with cookies and JSON; a non-2xx answer throws ApiError with the server's message and fields. */
async function send(path: string, options: SendOptions): Promise<unknown> {
  const { method, body, signal, redirectOn401 = true } = options;
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
  if (response.ok) return data;
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
