import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  const cases: [string, boolean][] = [
    ['0b6f8c52-3c1e-4f7a-9a55-2f0e8d1c7b3a', true],
    ['0B6F8C52-3C1E-4F7A-9A55-2F0E8D1C7B3A', true],
    // Any version and variant the database's uuid type takes, as ids seeded by hand may be.
    ['00000000-0000-0000-0000-000000000000', true],
    ['11111111-1111-1111-1111-111111111111', true],
    ['', false],
    ['user-terms', false],
    ['0b6f8c52-3c1e-4f7a-9a55-2f0e8d1c7b3', false],
    ['0b6f8c52-3c1e-4f7a-9a55-2f0e8d1c7b3a0', false],
    ['0b6f8c523c1e4f7a9a552f0e8d1c7b3a', false],
    ['{0b6f8c52-3c1e-4f7a-9a55-2f0e8d1c7b3a}', false],
    [' 0b6f8c52-3c1e-4f7a-9a55-2f0e8d1c7b3a', false],
    ['0b6f8c52-3c1e-4f7a-9a55-2f0e8d1c7b3g', false],
    ["0b6f8c52-3c1e-4f7a-9a55-2f0e8d1c7b3a' or 1=1", false],
  ];

  it.each(cases)('%j: %s', (id, expected) => {
    expect(isUuid(id)).toBe(expected);
  });
});
