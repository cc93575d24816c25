import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { messages } from '@hfm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { JSON_BODY_LIMIT } from './limits.js';

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

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The shape pass, fed the body's bytes as they arrive, so a body past a limit is refused at its first chunks
 * and never held whole. It reads bytes, not text: in UTF-8 no byte of a multi-byte character is below 0x80,
 * so a quote, bracket, comma or colon byte is always that character. String contents are skipped with indexOf
 * (a data URL costs nothing); the pass stops at the first limit passed.
 */
export class JsonShapeScan {
  private depth = 0;
  private fields = 0;
  private inString = false;
  /** Backslashes that ended the previous chunk inside a string: an odd run escapes a quote that opens this one. */
  private carriedBackslashes = 0;
  private shape: Shape = 'ok';

  constructor(
    private readonly maxFields: number,
    private readonly maxDepth = JSON_MAX_DEPTH,
  ) {}

  feed(chunk: Buffer): Shape {
    let at = 0;
    while (this.shape === 'ok' && at < chunk.length) {
      if (this.inString) at = this.skipString(chunk, at);
      else at = this.readStructure(chunk, at);
    }
    return this.shape;
  }

  /** From inside a string: past its closing quote, or the chunk's end. */
  private skipString(chunk: Buffer, from: number): number {
    let at = from;
    for (;;) {
      const quote = chunk.indexOf(QUOTE, at);
      const end = quote === -1 ? chunk.length : quote;
      let run = 0;
      while (end - run > at && chunk[end - run - 1] === BACKSLASH) run++;
      if (end - run === 0) run += this.carriedBackslashes;
      this.carriedBackslashes = 0;
      if (quote === -1) {
        this.carriedBackslashes = run;
        return chunk.length;
      }
      if (run % 2 === 0) {
        this.inString = false;
        return quote + 1;
      }
      at = quote + 1;
    }
  }

  /** Outside strings: counts depth and separators up to the next string's opening quote. */
  private readStructure(chunk: Buffer, from: number): number {
    for (let at = from; at < chunk.length; at++) {
      const code = chunk[at];
      if (code === QUOTE) {
        this.inString = true;
        return at + 1;
      }
      if (code === 123 || code === 91) {
        if (++this.depth > this.maxDepth) this.shape = 'too-deep';
      } else if (code === 125 || code === 93) {
        this.depth--;
      } else if (code === 44 || code === 58) {
        if (++this.fields > this.maxFields) this.shape = 'too-many-fields';
      }
      if (this.shape !== 'ok') return chunk.length;
    }
    return chunk.length;
  }
}

/** The shape of a whole body at once (the scan fed one chunk). */
export function jsonShape(text: string, maxFields: number, maxDepth = JSON_MAX_DEPTH): Shape {
  return new JsonShapeScan(maxFields, maxDepth).feed(Buffer.from(text, 'utf8'));
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);

function shapeError(shape: Shape): AppError | null {
  if (shape === 'too-deep') return new AppError('BAD_REQUEST', tooDeepMessage);
  if (shape === 'too-many-fields') return new AppError('BAD_REQUEST', tooManyFieldsMessage);
  return null;
}

export interface BodyLimits {
  /** Bytes (the route's `bodyLimit`). */
  bytes: number;
  fields: number;
}

/**
 * Reads a JSON body chunk by chunk, scanning each as it comes: past the byte limit (a declared length at
 * once) or the shape's limits, it stops reading and answers the error, so the rest of the body is never held.
 * Otherwise it answers the whole body's text.
 */
export function readBoundedJson(
  payload: Readable,
  declaredLength: number,
  limits: BodyLimits,
  answer: (error: Error | null, text?: string) => void,
): void {
  if (declaredLength > limits.bytes) return answer(tooLarge());
  const scan = new JsonShapeScan(limits.fields);
  // Each chunk is decoded as it comes and its buffer let go: holding a large body's read buffers until the end
  // (and copying them into one) left the C heap grown for good after a flood of large bodies (bench/json-flood).
  const decoder = new StringDecoder('utf8');
  const text: string[] = [];
  let received = 0;
  const finish = (error: Error | null, text?: string) => {
    payload.off('data', onData).off('end', onEnd).off('error', onError);
    // Stop reading: the answer goes out first, and Node then discards the rest without keeping it.
    if (error) payload.pause();
    answer(error, text);
  };
  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limits.bytes) return finish(tooLarge());
    const refused = shapeError(scan.feed(bytes));
    if (refused) return finish(refused);
    text.push(decoder.write(bytes));
  };
  const onEnd = () => {
    if (!Number.isNaN(declaredLength) && received !== declaredLength) {
      return finish(new AppError('BAD_REQUEST', 'The request body is shorter or longer than its Content-Length.'));
    }
    text.push(decoder.end());
    finish(null, text.join(''));
  };
  const onError = (error: Error) => finish(new AppError('BAD_REQUEST', error.message || 'The request body broke off.'));
  payload.on('data', onData).on('end', onEnd).on('error', onError);
  payload.resume();
}

/**
 * Replaces Fastify's JSON parser with one that reads the body itself, bounding its bytes (413) and its depth
 * and fields (400) as it arrives, then parses as Fastify does (its prototype-poisoning checks included).
 */
export function registerBoundedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload, done) => {
    const limits = {
      bytes: request.routeOptions.bodyLimit ?? JSON_BODY_LIMIT,
      fields: request.routeOptions.config.jsonFields ?? JSON_MAX_FIELDS,
    };
    readBoundedJson(payload, Number(request.headers['content-length']), limits, (error, text) => {
      if (error) return done(error, undefined);
      void parse(request, text!, done);
    });
  });
}
