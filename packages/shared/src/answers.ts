import { z } from 'zod';

/** What a DELETE answers: the id of the thing that is gone. */
export const deletedAnswer = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedAnswer = z.infer<typeof deletedAnswer>;

/** What an image upload answers: the stored image's path. */
export const imagePathAnswer = z.object({ path: z.string() });
export type ImagePathAnswer = z.infer<typeof imagePathAnswer>;

/** `{ id }` in the path, as a UUID; the message names what the id should be. */
export function idParams(message: string) {
  return z.object({ id: z.uuid({ error: message }) });
}
