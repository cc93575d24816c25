import { describe, expect, it } from 'vitest';
import { songFixture } from '../../test/songs';
import { localReleaseParts, RELEASE_TIME_MESSAGE, releaseAtFrom, songInfoBody, songInfoFromSong } from './song-info';

describe('the release time of Edit Song Info', () => {
  it('makes the local date and time an ISO minute, and reads it back the same', () => {
    const iso = releaseAtFrom('05/06/2031', '18:30')!;
    expect(new Date(iso).getMinutes()).toBe(30);
    expect(localReleaseParts(iso)).toEqual({ releaseDate: '05/06/2031', releaseTime: '18:30' });
  });

  it.each(['24:00', '7:5', 'noon', '18:60'])('refuses %s', (time) => {
    expect(releaseAtFrom('05/06/2031', time)).toBeNull();
    const values = { ...songInfoFromSong(songFixture({ id: 's1', title: 'A' })), releaseTime: time };
    expect(songInfoBody(values)).toEqual({ errors: { releaseTime: RELEASE_TIME_MESSAGE } });
  });

  it('sends releaseAt with a time, and null without one (the date decides)', () => {
    const song = songFixture({ id: 's1', title: 'A' });
    const timed = songInfoBody({ ...songInfoFromSong(song), releaseDate: '05/06/2031', releaseTime: '18:30' });
    expect(timed).toMatchObject({ body: { releaseAt: releaseAtFrom('05/06/2031', '18:30') } });
    expect(songInfoBody(songInfoFromSong(song))).toMatchObject({ body: { releaseAt: null } });
  });

  it("shows a scheduled song's own minute in the artist's time", () => {
    const at = new Date(2031, 4, 6, 9, 5).toISOString();
    const values = songInfoFromSong({ ...songFixture({ id: 's1', title: 'A' }), releaseAt: at });
    expect(values).toMatchObject({ releaseDate: '05/06/2031', releaseTime: '09:05' });
  });
});
