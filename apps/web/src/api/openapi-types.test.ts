// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_TYPES_FILE, renderOpenApiTypes } from '../../openapi-types';

describe('the committed API types', () => {
  it('are the ones docs/api/openapi.json gives', async () => {
    const committed = fs.existsSync(OPENAPI_TYPES_FILE) ? fs.readFileSync(OPENAPI_TYPES_FILE, 'utf8') : '';
    expect(
      (await renderOpenApiTypes()) === committed,
      'apps/web/src/api/openapi-types.ts differs from docs/api/openapi.json: run `npm run openapi` and commit the result',
    ).toBe(true);
  });
});
