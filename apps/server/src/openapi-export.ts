import fs from 'node:fs';
import path from 'node:path';
import { OPENAPI_FILE, renderOpenApiDocument } from './openapi-document.js';

/** `npm run openapi`: writes the code's API document to docs/api/openapi.json. */
const text = await renderOpenApiDocument();
fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
fs.writeFileSync(OPENAPI_FILE, text);
console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
