import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { embedRows } from '../../test/matrix/embed.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

/** The embed pages need the build's embed.html to answer with: a stand-in build. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-embed-matrix-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
fs.writeFileSync(
  path.join(dist, 'embed.html'),
  '<!doctype html><html><head><title>HFM</title></head><body><div id="embed"></div></body></html>',
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describeMatrix('embed and oEmbed permission matrix', embedRows, { env: { WEB_DIST_DIR: dist }, serveWeb: true });
