import type { AppContext } from '../../context.js';

/**
 * Songs' uploads, counted by this process (decision 0024): `started` when an upload begins (a new multipart
 * upload presigned, or a direct upload's body arriving), `completed` when its song moves on to processing.
 * Started less completed over a window is the uploads still open or given up; the audio streaming in now is
 * `hfm_upload_requests_in_flight`, and the songs being processed are the `songs.transcode` queue's depth.
 */
export function countSongUpload(ctx: Pick<AppContext, 'platform'>, event: 'started' | 'completed'): void {
  ctx.platform.metrics
    .counter('hfm_song_uploads_total', "Songs' uploads started and completed (moved on to processing).", ['event'])
    .inc({ event });
}
