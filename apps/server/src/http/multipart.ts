import type { FastifyRequest } from 'fastify';
import { messages } from '@hfm/shared';
import { AppError, badRequest } from '../errors/app-error.js';

export interface UploadedFile {
  data: Buffer;
  fileName: string;
  mimeType: string;
}

export interface MultipartForm {
  /** Text fields; a field sent as application/json arrives parsed. */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

const UNREADABLE = 'The upload could not be read.';

/** Multipart errors with a 4xx status keep it (413 for sizes); a broken body is a 400, never a 500. */
export function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  if (statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest(UNREADABLE);
  if (statusCode && statusCode >= 400 && statusCode < 500) return error as Error;
  return badRequest(UNREADABLE);
}

/**
 * Reads a whole multipart body into memory: file parts as buffers, other parts as fields. The
 * limits registered with @fastify/multipart (file size, counts) bound what can arrive.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        form.files[part.fieldname] = { data, fileName: part.filename, mimeType: part.mimetype };
      } else {
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return form;
}

/** A value that may come as a file part or as a text field (data URL or base64). */
export function fileOrField(form: MultipartForm, name: string): Buffer | string | null {
  const file = form.files[name];
  if (file) return file.data;
  const field = form.fields[name];
  return typeof field === 'string' && field.length > 0 ? field : null;
}
