/**
 * Terminating an artist's licence (docs/decisions/0021-artist-termination.md): the artist asks in the studio,
 * confirming with their password, or an admin ends it with a reason. From that moment the artist takes no
 * new subscribers and no subscription to them renews; subscribers keep access to the end of their term and
 * keep what they downloaded; earnings owed are still paid.
 */
import { z } from 'zod';
import { publicArtist } from './artists.js';
import { LEGAL } from './constants.js';
import { messages } from './messages.js';

export const TERMINATION_REASON_MAX_LENGTH = 1000;

export const terminationMessages = {
  reasonRequired: 'Please give the reason for ending this licence.',
  reasonTooLong: `Please keep the reason to ${TERMINATION_REASON_MAX_LENGTH} characters or fewer.`,
  alreadyTerminated: 'This licence has been terminated already.',
  /** Songs and uploads of a terminated artist. */
  noNewMusic: 'Your licence has ended, so you cannot add songs or upload music any more.',
  /** The studio's toast once it is done. */
  terminated: 'Your licence has been terminated.',
} as const;

/**
 * What ending the licence means, as the licence says it (spec 000 sections 4 and 6; the licence agreement's
 * "Ending this agreement"), for the studio to show before the artist confirms.
 */
export const TERMINATION_EFFECTS = [
  `From the moment you confirm (the licence allows us ${LEGAL.terminationNoticeHours} hours at most), no new fans can subscribe to you and no subscription to you renews.`,
  'Fans who already subscribe keep access to your music until the end of their term, and every song they downloaded remains theirs.',
  'Licence fees you earned are still paid, in the usual payment window.',
  'Your page stays up with a notice that you have left HFM; your subscribers are told by mail.',
] as const;

/**
 * POST /api/artists/{id}/terminate. The artist's own user confirms with their current password; an admin
 * gives a reason (and no password). The reason is optional for the artist.
 */
export const terminateArtistBody = z.object(
  {
    reason: z
      .string({ error: terminationMessages.reasonRequired })
      .trim()
      .max(TERMINATION_REASON_MAX_LENGTH, { error: terminationMessages.reasonTooLong })
      .optional(),
    currentPassword: z
      .string({ error: messages.currentPasswordWrong })
      .max(200, { error: messages.currentPasswordWrong })
      .optional(),
  },
  { error: terminationMessages.reasonRequired },
);
export type TerminateArtistBody = z.infer<typeof terminateArtistBody>;

export const terminationAnswer = z.object({
  artist: publicArtist,
  terminatedAt: z.string(),
  /** Subscribers in their term: they keep access to its end (no renewal) and are told by mail. */
  subscribers: z.number().int(),
});
export type TerminationAnswer = z.infer<typeof terminationAnswer>;
