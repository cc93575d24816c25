import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

/** The server's committed API document, and the web's TypeScript types generated from it. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../docs/api/openapi.json', import.meta.url));
export const OPENAPI_TYPES_FILE = fileURLToPath(new URL('./src/api/openapi-types.ts', import.meta.url));

const HEADER = `/**
 * Generated from docs/api/openapi.json by \`npm run openapi\` (apps/web/openapi-types.ts, openapi-typescript).
 * Do not edit: change the server's route schemas and regenerate. Types only: no byte of it reaches the bundle.
 */

`;

/** The text of apps/web/src/api/openapi-types.ts for the committed API document. */
export async function renderOpenApiTypes(): Promise<string> {
  const document = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Parameters<typeof openapiTS>[0];
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(OPENAPI_TYPES_FILE, await renderOpenApiTypes());
  console.log('Wrote apps/web/src/api/openapi-types.ts');
}
