import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { publicPageRows } from '../../test/matrix/public-pages.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

/** The public pages need the web app's index.html to answer with: a stand-in build of one file. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-public-matrix-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>HFM</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describeMatrix('public pages permission matrix', publicPageRows, { env: { WEB_DIST_DIR: dist }, serveWeb: true });
