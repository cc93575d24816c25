import { z } from 'zod';
import { catalogueSong } from './discovery.js';

/** Scheduled releases and release notifications (docs/releases.md). */
export const releaseMessages = {
  releaseAt: 'Please enter a valid release time.',
  alreadyOut:
    'This song is already out: fans can hear it, so it cannot be scheduled again. Withdraw it instead if it must be hidden.',
  albumAlreadyOut: 'Songs of this album are already out: fans can hear them, so the album cannot be scheduled again.',
  badUnsubscribeLink: 'This unsubscribe link is not valid. Open the Account page to change your release mails.',
  unknownArtist: 'You are not subscribed to this artist.',
} as const;

/**
 * A scheduled release: an ISO time with its offset (the web sends the artist's local minute). Null clears the
 * schedule (the release date decides again).
 */
export const releaseAtField = z.iso
  .datetime({ offset: true, error: releaseMessages.releaseAt })
  .refine((value) => Number.isFinite(Date.parse(value)), { error: releaseMessages.releaseAt })
  .nullable()
  .optional();

/** GET /api/releases/new: the unheard releases of the artists the fan subscribes to, newest first. */
export const newReleases = z.object({
  items: z.array(catalogueSong.extend({ releasedAt: z.string() })),
  /** How many there are (the badge on My Music); `items` holds the newest 24. */
  count: z.number().int(),
});
export type NewReleases = z.infer<typeof newReleases>;

/** GET/PUT /api/releases/settings: the fan's release mails, all and per artist subscribed to. */
export const releaseMailSettings = z.object({
  all: z.boolean(),
  artists: z.array(z.object({ artistID: z.string(), name: z.string(), on: z.boolean() })),
});
export type ReleaseMailSettings = z.infer<typeof releaseMailSettings>;

export const updateReleaseMailSettingsBody = z.object({
  all: z.boolean().optional(),
  artists: z
    .array(z.object({ artistID: z.uuid({ error: 'Not an artist id.' }), on: z.boolean() }))
    .max(500)
    .optional(),
});
export type UpdateReleaseMailSettingsBody = z.infer<typeof updateReleaseMailSettingsBody>;

/** The unsubscribe link's query: a signed token naming the fan and the artist (or every artist). */
export const unsubscribeQuery = z.object({
  token: z.string({ error: releaseMessages.badUnsubscribeLink }).min(1).max(300),
});
