import { describe, expect, it } from 'vitest';
import { songDirectoryName, totalScore } from './artists.js';

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
