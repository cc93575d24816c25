import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** No request of ours nests deeper than a few levels (a list of parts in a body). */
export const JSON_MAX_DEPTH = 20;
/**
 * Separators (`,` and `:`) outside strings: about twice the number of values. A sign-up has a few dozen;
 * JSON.parse of a body with a million keys held a process for seconds (issue 21, decision 0046).
 */
export const JSON_MAX_FIELDS = 2_000;

export const tooDeepMessage = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`;
export const tooManyFieldsMessage = 'The request body has too many fields.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The separators a JSON body of this route may hold, when it needs more than JSON_MAX_FIELDS. */
    jsonFields?: number;
  }
}

type Shape = 'ok' | 'too-deep' | 'too-many-fields';

/** The index of the quote that closes the string opened at `start`, or -1 (JSON.parse then says why). */
function endOfString(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let backslashes = 0;
    for (let at = end - 1; text.charCodeAt(at) === 92; at--) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/**
 * One cheap pass over the raw text, before JSON.parse builds anything: string contents are skipped with
 * indexOf (a data URL costs nothing), and the pass stops at the first limit passed.
 */
export function jsonShape(text: string, maxFields: number, maxDepth = JSON_MAX_DEPTH): Shape {
  let depth = 0;
  let fields = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) {
      const end = endOfString(text, at);
      if (end === -1) return 'ok';
      at = end;
    } else if (code === 123 || code === 91) {
      if (++depth > maxDepth) return 'too-deep';
    } else if (code === 125 || code === 93) {
      depth--;
    } else if (code === 44 || code === 58) {
      if (++fields > maxFields) return 'too-many-fields';
    }
  }
  return 'ok';
}

/**
 * Replaces Fastify's JSON parser with one that bounds the body's depth and fields first (400), then parses
 * as Fastify does (its prototype-poisoning checks included). Byte limits stay with `bodyLimit` (413).
 */
export function registerBoundedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
    const text = body as string;
    const shape = jsonShape(text, request.routeOptions.config.jsonFields ?? JSON_MAX_FIELDS);
    if (shape === 'too-deep') return done(new AppError('BAD_REQUEST', tooDeepMessage), undefined);
    if (shape === 'too-many-fields') return done(new AppError('BAD_REQUEST', tooManyFieldsMessage), undefined);
    void parse(request, text, done);
  });
}
