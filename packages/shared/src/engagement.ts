/** What members do with songs: listen and favorite events, Hi Fives. */
import { z } from 'zod';
import { MAX_LISTEN_EVENT_SECONDS } from './constants.js';

export const EVENT_ACTIONS = ['favorite', 'listen'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** A listen counts toward a song's plays at most once per member and song in this window. */
export const LISTEN_WINDOW_MINUTES = 30;
/** Seconds a member must hear (or the whole of a shorter song) before the client sends a listen. */
export const LISTEN_COUNTS_AFTER_SECONDS = MAX_LISTEN_EVENT_SECONDS;

const memberId = z.uuid({ error: 'Not a member id.' });
const songItemId = z.uuid({ error: 'Not a song id.' });
const songItemType = z.literal('song', { error: "itemType must be 'song'." });

const CLIENT_TIME_MESSAGE = 'clientTime must be an ISO timestamp.';
/** The first instant PostgreSQL's timestamptz can hold (it has no year 0): earlier times are refused. */
const EARLIEST_CLIENT_TIME = Date.parse('0001-01-01T00:00:00Z');

/** POST /api/mzd-events. */
export const eventBody = z.object({
  memberID: memberId,
  itemID: songItemId,
  itemType: songItemType,
  eventPayload: z.object({
    action: z.enum(EVENT_ACTIONS, { error: "action must be 'favorite' or 'listen'." }),
    clientTime: z.iso
      .datetime({ offset: true, error: CLIENT_TIME_MESSAGE })
      .refine((value) => Date.parse(value) >= EARLIEST_CLIENT_TIME, { error: CLIENT_TIME_MESSAGE }),
  }),
});
export type EventBody = z.infer<typeof eventBody>;

/** What POST /api/mzd-events answers: the event, and whether this listen counted toward plays. */
export const eventAnswer = z.object({
  _id: z.string(),
  id: z.string(),
  memberID: z.string(),
  itemID: z.string(),
  itemType: z.literal('song'),
  eventPayload: z.object({ action: z.enum(EVENT_ACTIONS), clientTime: z.string() }),
  /** For a listen: true when it added one to the song's plays; false inside the window. Always false for favorite. */
  counted: z.boolean(),
  createdAt: z.string(),
});
export type EventAnswer = z.infer<typeof eventAnswer>;

/** POST /api/hi-fives. */
export const hiFiveBody = z.object({ memberID: memberId, itemID: songItemId, itemType: songItemType });
export type HiFiveBody = z.infer<typeof hiFiveBody>;

/** A Hi Five entry, as POST answers it and as the member's hiFived lists it. */
export const hiFiveEntry = z.object({
  _id: z.string(),
  id: z.string(),
  memberID: z.string(),
  itemID: z.string(),
  itemType: z.literal('song'),
  /** The song's Hi Five count after this change. */
  hifives: z.number(),
  createdAt: z.string(),
});
export type HiFiveEntry = z.infer<typeof hiFiveEntry>;

/** DELETE /api/hi-fives/{entryId}. */
export const hiFiveIdParams = z.object({ entryId: z.uuid({ error: 'Not a Hi Five id.' }) });

/** DELETE /api/hi-fives/{entryId}: the entry is gone; the song's count after. */
export const hiFiveRemoved = z.object({
  id: z.string(),
  deleted: z.literal(true),
  itemID: z.string(),
  hifives: z.number(),
});
export type HiFiveRemoved = z.infer<typeof hiFiveRemoved>;
