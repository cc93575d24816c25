import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors/app-error.js';

const MESSAGE = 'Text may not contain NUL characters.';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, entry]) => key.includes('\u0000') || containsNul(entry, depth + 1));
}

/** PostgreSQL text cannot hold NUL; refuse it up front as a 400 instead of failing in the database. */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    throw badRequest(MESSAGE);
  }
}
