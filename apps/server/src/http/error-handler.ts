import { messages, type ErrorCode } from '@hfm/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.js';
import { databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../errors/unavailable.js';

interface ErrorReply {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'BAD_REQUEST',
  406: 'BAD_REQUEST',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** One message for a form with several failures; the field messages carry the detail. */
export function summarise(fields: Record<string, string>): string {
  const distinct = [...new Set(Object.values(fields))];
  return distinct.length === 1 ? distinct[0]! : messages.completeRequiredFields;
}

export function fieldsFromIssues(issues: { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

function describe(error: FastifyError | AppError | Error): ErrorReply {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldsFromIssues(
      error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
      })),
    );
    return { status: 400, code: 'VALIDATION', message: summarise(fields), fields };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status === 413 || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.code === 'FST_PARTS_LIMIT') {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: messages.tooLarge };
  }
  if (status === 429) return { status, code: 'RATE_LIMITED', message: messages.tooManyRequests };
  if (status >= 400 && status < 500) {
    return { status, code: codeByStatus[status] ?? 'BAD_REQUEST', message: fastifyError.message || 'Bad request.' };
  }
  // The database down or restarting is not a bug of ours: say so, and that trying again will work.
  if (isDatabaseUnavailable(error)) return describe(databaseUnavailable());
  return { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const described = describe(error);
    if (described.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: described.code, status: described.status }, described.message);
    const { status, ...body } = described;
    if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(status).send({ error: body });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` } }),
  );
}
