import { Transform, type TransformCallback } from 'node:stream';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { messages } from '@hfm/shared';
import { AppError, badRequest } from '../errors/app-error.js';

export interface UploadedFile {
  data: Buffer;
  fileName: string;
  mimeType: string;
}

export interface MultipartForm {
  /** Text fields as sent (a JSON part stays JSON text for the service to parse). */
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * What one route's form may hold: each part by name with its largest size in bytes. A part not named
 * here, a name sent twice or a part over its size is refused, and the whole body may not exceed the sum
 * of the sizes (plus a little for part headers), so one request never holds more than a valid form.
 */
export interface FormRules {
  fields?: Record<string, number>;
  files?: Record<string, number>;
  /** A lower bound for the whole body than the sum of the parts (e.g. two images that share one budget). */
  totalBytes?: number;
}

const UNREADABLE = 'The upload could not be read.';
/** Room for each part's boundary and headers. */
const PART_OVERHEAD = 1024;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
const unexpectedPart = (name: string) => badRequest(`The form has an unexpected part "${name.slice(0, 64)}".`);

/** Multipart errors with a 4xx status keep it (413 for sizes); a broken body is a 400, never a 500. */
export function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  if (statusCode === 413) return tooLarge();
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest(UNREADABLE);
  if (statusCode && statusCode >= 400 && statusCode < 500) return error as Error;
  return badRequest(UNREADABLE);
}

/** The most bytes a form following these rules can take on the wire. */
export function formBudget(rules: FormRules): number {
  const sizes = new Map<string, number>();
  for (const [name, size] of [...Object.entries(rules.fields ?? {}), ...Object.entries(rules.files ?? {})]) {
    sizes.set(name, Math.max(sizes.get(name) ?? 0, size));
  }
  const sum = [...sizes.values()].reduce((total, size) => total + size + PART_OVERHEAD, PART_OVERHEAD);
  return Math.min(sum, rules.totalBytes ?? sum);
}

/** Passes bytes through and fails once more than `budget` have gone by. */
class ByteBudget extends Transform {
  private seen = 0;
  constructor(private readonly budget: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    done(this.seen > this.budget ? tooLarge() : null, chunk);
  }
}

/**
 * Every part, text or file, is handed over as a stream (`isPartAFile`), so each is cut off at its own
 * size as it arrives; busboy would buffer a text field up to one size shared by all fields.
 */
function busboyFor(request: FastifyRequest, rules: FormRules) {
  const names = new Set([...Object.keys(rules.fields ?? {}), ...Object.keys(rules.files ?? {})]);
  return new Busboy({
    headers: request.headers as ConstructorParameters<typeof Busboy>[0]['headers'],
    isPartAFile: () => true,
    limits: {
      fieldNameSize: 100,
      headerPairs: 10,
      files: names.size,
      parts: names.size,
      fileSize: Math.max(0, ...Object.values(rules.fields ?? {}), ...Object.values(rules.files ?? {})),
    },
  });
}

/**
 * Reads a multipart body by the route's rules, streaming: the body is counted as it arrives and the
 * reading stops at the first refused part, so a refused request holds at most its budget. Check who
 * the caller is before calling this.
 */
export async function readMultipartForm(request: FastifyRequest, rules: FormRules): Promise<MultipartForm> {
  const budget = formBudget(rules);
  if (Number(request.headers['content-length'] ?? 0) > budget) throw tooLarge();
  let parser: ReturnType<typeof busboyFor>;
  try {
    parser = busboyFor(request, rules);
  } catch {
    throw badRequest(UNREADABLE);
  }
  const counter = new ByteBudget(budget);
  return new Promise<MultipartForm>((resolve, reject) => {
    const form: MultipartForm = { fields: {}, files: {} };
    let settled = false;
    let pendingParts = 0;
    let parsed = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.raw.unpipe(counter);
      counter.unpipe(parser);
      request.raw.resume();
      reject(uploadError(error));
    };
    const finishIfDone = () => {
      if (parsed && pendingParts === 0 && !settled) {
        settled = true;
        resolve(form);
      }
    };
    const claim = (name: string, allowed: Record<string, number> | undefined): number | null => {
      if (!allowed || !Object.hasOwn(allowed, name)) return null;
      if (Object.hasOwn(form.fields, name) || Object.hasOwn(form.files, name)) return null;
      return allowed[name]!;
    };
    parser.on(
      'file',
      (name: string, stream: BusboyFileStream, fileName: string | undefined, _enc: string, type: string) => {
        const isFile = fileName !== undefined;
        const limit = claim(name, isFile ? rules.files : rules.fields);
        if (limit === null) {
          stream.resume();
          return fail(unexpectedPart(name));
        }
        pendingParts++;
        if (isFile) form.files[name] = { data: Buffer.alloc(0), fileName, mimeType: type };
        else form.fields[name] = '';
        collectPart(stream, limit).then((data) => {
          if (isFile) form.files[name]!.data = data;
          else form.fields[name] = data.toString('utf8');
          pendingParts--;
          finishIfDone();
        }, fail);
      },
    );
    for (const limit of ['partsLimit', 'filesLimit']) parser.on(limit, () => fail(tooLarge()));
    parser.on('error', fail);
    counter.on('error', fail);
    request.raw.on('error', fail);
    parser.on('finish', () => {
      parsed = true;
      finishIfDone();
    });
    request.raw.pipe(counter).pipe(parser);
  });
}

/** A part's bytes, refused as soon as they pass its limit. */
async function collectPart(stream: BusboyFileStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit || stream.truncated) {
      stream.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  if (stream.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/** A value that may come as a file part or as a text field (data URL or base64). */
export function fileOrField(form: MultipartForm, name: string): Buffer | string | null {
  const file = form.files[name];
  if (file) return file.data;
  const field = form.fields[name];
  return typeof field === 'string' && field.length > 0 ? field : null;
}
