import { z } from 'zod';

/** Ids are UUIDs; any other text names nothing, so callers answer 404 without asking the database. */
export function isUuid(id: string): boolean {
  return z.guid().safeParse(id).success;
}
