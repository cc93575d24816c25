import { describe, expect, it } from 'vitest';
import { uploadRows } from '../../test/matrix/uploads.rows.js';
import { ACTORS, describeMatrix } from '../../test/permission-matrix.js';
import { injectAs } from '../../test/route-cast.js';

// The test app's queue runs but works only mail: uploads queue their transcode, and no worker here takes it.
// (ROLE=api needs a shared PostgreSQL database; roles.test.ts runs real api and worker processes.)
const world = describeMatrix('song upload and playback permission matrix', uploadRows);

describe('who hears a song in full', () => {
  it('is the artist, admins and subscribers; everyone else hears the preview', async () => {
    const { t, ids, cookies } = world();
    const full: Record<string, boolean> = {};
    for (const actor of ACTORS) {
      const cookie = cookies[actor];
      const res = await injectAs(t, cookie, { method: 'GET', url: `/api/songs/${ids.readySong}/play` });
      full[actor] = res.json().full;
    }
    expect(full).toEqual({
      anonymous: false,
      fan: false,
      otherFan: true,
      artist: true,
      otherArtist: false,
      admin: true,
    });
  });
});
