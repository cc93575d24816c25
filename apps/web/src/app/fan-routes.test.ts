import { describe, expect, it } from 'vitest';
import { publicTwin } from './fan-routes';

describe('publicTwin: the /discover address of a members-area catalogue page', () => {
  it.each([
    ['/members/search', '/discover/search'],
    ['/members/search/', '/discover/search'],
    ['/members/genres/g1', '/discover/genres/g1'],
    ['/members/playlists/p1/', '/discover/playlists/p1'],
    ['/members/', null],
    ['/members/my-music', null],
    ['/members/account', null],
    ['/members/account/receipts/r1', null],
    ['/members/genres/g1/extra', null],
    ['/members/genres/', null],
  ])('%s -> %s', (path, twin) => {
    expect(publicTwin(path)).toBe(twin);
  });
});
