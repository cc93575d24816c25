import { SEARCH_MAX_LENGTH } from '@hfm/shared';
import { everyone, type MatrixRow } from '../permission-matrix.js';

/** Search is public and the same for everyone: it finds only what anyone may see. */
export const searchRows: MatrixRow[] = [
  {
    route: 'GET /api/search',
    case: 'a term that finds the ACTIVE artist’s released song',
    request: () => ({ method: 'GET', url: '/api/search?s=test' }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/search',
    case: 'a term too short to search',
    request: () => ({ method: 'GET', url: '/api/search?s=te' }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/search',
    case: 'a term too long',
    request: () => ({ method: 'GET', url: `/api/search?s=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}` }),
    expected: everyone(400),
  },
];
