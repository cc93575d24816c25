import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApiDocument } from './openapi-document.js';

describe('the committed OpenAPI document', () => {
  it('is the one the code describes', async () => {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    const current = await renderOpenApiDocument();
    // The whole text, not a diff: a failure says what to do rather than listing thousands of lines.
    expect(
      current === committed,
      'docs/api/openapi.json differs from the routes: run `npm run openapi` and commit the result',
    ).toBe(true);
  });
});
