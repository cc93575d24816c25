// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from '../precompress';

let folder: string;
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('precompressFolder (the build step behind preCompressed serving)', () => {
  it('writes a brotli and a gzip copy beside each text file that decode to the same bytes', async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-precompress-'));
    const script = `export const text = ${JSON.stringify('waveform '.repeat(400))};`;
    fs.mkdirSync(path.join(folder, 'assets'));
    fs.writeFileSync(path.join(folder, 'assets', 'main-abc.js'), script);
    fs.writeFileSync(path.join(folder, 'assets', 'main-abc.js.map'), script);
    fs.writeFileSync(path.join(folder, 'assets', 'cover.png'), Buffer.alloc(4096));
    fs.writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>HFM</title>');

    await precompressFolder(folder);

    const file = path.join(folder, 'assets', 'main-abc.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(script.length / 10);
    // Source maps, images and files too small to gain are left as they are.
    expect(fs.readdirSync(path.join(folder, 'assets')).sort()).toEqual([
      'cover.png',
      'main-abc.js',
      'main-abc.js.br',
      'main-abc.js.gz',
      'main-abc.js.map',
    ]);
    expect(fs.readdirSync(folder).sort()).toEqual(['assets', 'index.html']);
  });
});
