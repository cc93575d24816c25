import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';

/** The committed copy of the API document, compared with the code's in a test. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../docs/api/openapi.json', import.meta.url));

/** Objects with their keys sorted, arrays in their order: the same document always prints the same. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, entry]) => [key, sortKeys(entry)]));
}

/**
 * The OpenAPI document the routes describe, as the text committed at docs/api/openapi.json.
 * The app is built on an in-memory PGlite with fixed settings, so nothing of the machine leaks in.
 */
export async function renderOpenApiDocument(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-openapi-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const database = await openDatabase({});
  const app = await buildApp(config, { database, serveWeb: false, logger: false });
  try {
    await app.ready();
    return `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
