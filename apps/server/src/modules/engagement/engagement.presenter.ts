import type { EventAction, EventAnswer, HiFiveEntry } from '@hfm/shared';
import type { EventRow } from './events.repository.js';
import type { HiFiveRow } from './hi-fives.repository.js';

export function presentEvent(row: EventRow, counted: boolean): EventAnswer {
  return {
    _id: row.id,
    id: row.id,
    memberID: row.memberId,
    itemID: row.itemId,
    itemType: 'song',
    eventPayload: { action: row.action as EventAction, clientTime: row.clientTime?.toISOString() ?? '' },
    counted,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentHiFive(row: HiFiveRow, hifives: number): HiFiveEntry {
  return {
    _id: row.id,
    id: row.id,
    memberID: row.userId,
    itemID: row.itemId,
    itemType: 'song',
    hifives,
    createdAt: row.createdAt.toISOString(),
  };
}
