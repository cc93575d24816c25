import { describe, expect, it } from 'vitest';
import { artistListQuery, featuredOrderBody, featuredSwapBody, updateArtistBody } from './artist-requests.js';
import { songDirectoryName, totalScore } from './artists.js';
import { TIERS } from './constants.js';

describe('songDirectoryName: id plus name without quotes, commas, backticks; spaces as underscores', () => {
  it.each([
    ['plain name', 'Nirvana', 'a1Nirvana'],
    ['spaces', 'The Rolling Stones', 'a1The_Rolling_Stones'],
    ['single quotes', "Guns N' Roses", 'a1Guns_N_Roses'],
    ['double quotes', 'The "Band"', 'a1The_Band'],
    ['commas', 'Crosby, Stills, Nash', 'a1Crosby_Stills_Nash'],
    ['backticks', 'Tick`Tock', 'a1TickTock'],
    ['other punctuation kept', 'AC/DC & Co.', 'a1AC/DC_&_Co.'],
  ])('%s', (_case, name, directory) => {
    expect(songDirectoryName('a1', name)).toBe(directory);
  });
});

describe('totalScore: the sum of the score matrix', () => {
  it.each([
    ['an empty matrix (at sign-up)', [], 0],
    ['one score', [{ label: 'Following', score: 7 }], 7],
    [
      'several scores',
      [
        { label: 'Mixing Quality', score: 5 },
        { label: 'Mastering Quality', score: 9 },
        { label: 'Presentation', score: 1 },
      ],
      15,
    ],
    [
      'a non-finite score counts as 0',
      [
        { label: 'Following', score: Number.NaN },
        { label: 'Presentation', score: 4 },
      ],
      4,
    ],
  ])('%s', (_case, matrix, total) => {
    expect(totalScore(matrix)).toBe(total);
  });
});

describe('artist review requests', () => {
  it.each([...TIERS])('accepts the tier %s', (tier) => {
    expect(updateArtistBody.safeParse({ tier }).success).toBe(true);
  });

  it.each(['', 'Tier 4', 'tier 1', 'Gold'])('refuses the tier %j', (tier) => {
    const result = updateArtistBody.safeParse({ tier });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The tier must be one of: In Review, Tier 1, Tier 2, Tier 3.');
  });

  it('lists the artists newest first unless told, and takes an empty search as none', () => {
    expect(artistListQuery.parse({})).toMatchObject({ page: 1, limit: 12, sort: 'createdAt', order: 'desc' });
    expect(artistListQuery.parse({ search: '   ' }).search).toBeUndefined();
    expect(artistListQuery.parse({ search: ' Ab ' }).search).toBe('Ab');
    expect(artistListQuery.safeParse({ sort: 'hifives' }).success).toBe(false);
  });

  it('refuses a swap of an artist with itself and an order that repeats an artist', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(featuredSwapBody.safeParse({ removeID: id, addID: id }).success).toBe(false);
    expect(featuredOrderBody.safeParse({ ids: [id, id] }).success).toBe(false);
    expect(featuredOrderBody.safeParse({ ids: [id] }).success).toBe(true);
  });
});
