import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { PlayerProvider } from '../player/player-provider';
import { findRoute, replyProblem, reportProblem } from './api-contract';

/** Test-only helpers for component tests: the network boundary (fetch) and the browser's location. */

export interface StubReply {
  status?: number;
  body?: unknown;
}

export interface StubRoute {
  method: string;
  path: string | RegExp;
  reply: StubReply | ((request: RecordedRequest) => StubReply | Promise<StubReply>);
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

const sentHeaders = new WeakMap<RecordedRequest, Record<string, string>>();

/** The headers a recorded call was sent with (kept aside, so the calls still compare as method, path, body). */
export function headersOf(request: RecordedRequest): Record<string, string> {
  return sentHeaders.get(request) ?? {};
}

/**
 * Replaces fetch with a table of routes; unmatched calls answer 404. Returns the calls made. Every route and
 * reply is checked against the API document: a stub of a route the server does not have, or a reply it could
 * never give, fails the test (at once when the stub says so itself, after the test when a reply function does).
 */
export function stubFetch(routes: StubRoute[]): RecordedRequest[] {
  routes.forEach(checkStub);
  const calls: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request: RecordedRequest = { method: init.method ?? 'GET', path: String(input), body: readBody(init.body) };
    sentHeaders.set(request, { ...(init.headers as Record<string, string> | undefined) });
    calls.push(request);
    const route = routes.find(
      (candidate) =>
        candidate.method === request.method &&
        (typeof candidate.path === 'string' ? candidate.path === request.path : candidate.path.test(request.path)),
    );
    const reply = route
      ? await (typeof route.reply === 'function' ? route.reply(request) : route.reply)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    const problem = route ? replyProblem(request.method, request.path, reply.status ?? 200, reply.body) : null;
    if (problem) reportProblem(`A stubbed reply the server could never give: ${problem}`);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function checkStub({ method, path, reply }: StubRoute): void {
  if (typeof path !== 'string') return;
  if (!findRoute(method, path)) throw new Error(`A stub of a route the server does not have: ${method} ${path}`);
  const problem = typeof reply === 'function' ? null : replyProblem(method, path, reply.status ?? 200, reply.body);
  if (problem) throw new Error(`A stubbed reply the server could never give: ${problem}`);
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body);
  if (body instanceof FormData)
    return Object.fromEntries(
      [...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? JSON.parse(value) : value]),
    );
  return body ?? undefined;
}

/** A stand-in for window.location whose navigation calls are recorded. */
export function stubLocation(url = 'http://localhost/main/#/') {
  const parsed = new URL(url);
  const location = {
    href: parsed.href,
    origin: parsed.origin,
    pathname: parsed.pathname,
    search: parsed.search,
    hash: parsed.hash,
    assign: vi.fn(),
    replace: vi.fn(),
    reload: vi.fn(),
  };
  vi.stubGlobal('location', location);
  return location;
}

/** Renders inside the providers the app mounts once: a fresh query client and the player. */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PlayerProvider>{ui}</PlayerProvider>
    </QueryClientProvider>,
  );
}

export const error = (status: number, code: string, message: string, fields?: Record<string, string>): StubReply => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});
