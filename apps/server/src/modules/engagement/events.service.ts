import type { EventAnswer, EventBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/app-error.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { requireAccess, requireSelf, type Actor } from '../access/index.js';
import { addSongPlay, findSongArtistId } from '../songs/index.js';
import { presentEvent } from './engagement.presenter.js';
import { addPlayToMonth, claimListenCount, insertEvent } from './events.repository.js';

/**
 * A member's listen or favorite of a song they may see, stored as sent. A listen adds one to the song's
 * plays at most once per member and song in LISTEN_WINDOW_MINUTES, and never when the artist listens to
 * their own song (docs/decisions/0011-plays.md); a counted play is also added to the song's month, for the
 * artist's plays over time.
 */
export async function recordEvent(ctx: AppContext, actor: Actor, body: EventBody): Promise<EventAnswer> {
  const member = requireSelf(actor, body.memberID);
  const songId = body.itemID.toLowerCase();
  await requireAccess(ctx, member, 'song.view', [songId]);
  const { action, clientTime } = body.eventPayload;
  return transactionWithRetry(ctx.db, async (tx) => {
    const artistId = await findSongArtistId(tx, songId);
    if (!artistId) throw notFound('No such song.');
    const counts = action === 'listen' && artistId !== member.artistId;
    const counted = counts && (await claimListenCount(tx, member.id, songId));
    if (counted) {
      await addSongPlay(tx, songId);
      await addPlayToMonth(tx, songId, artistId);
    }
    const row = await insertEvent(tx, {
      memberId: member.id,
      itemId: songId,
      itemType: 'song',
      action,
      clientTime: new Date(clientTime),
      payload: { action, clientTime, counted },
    });
    return presentEvent(row, counted);
  });
}
