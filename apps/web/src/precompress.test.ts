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
    // A small chunk (pages load them by the dozen): worth sending compressed although under a packet.
    fs.writeFileSync(path.join(folder, 'assets', 'small-def.js'), `export const ${'label, '.repeat(40)}end = 1;`);
    fs.writeFileSync(path.join(folder, 'assets', 'cover.png'), Buffer.alloc(4096));
    fs.writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>HFM</title>');

    await precompressFolder(folder);

    const file = path.join(folder, 'assets', 'main-abc.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(script.length / 10);
    // Source maps, images and files a compressed copy would not make smaller are left as they are.
    expect(fs.readdirSync(path.join(folder, 'assets')).sort()).toEqual([
      'cover.png',
      'main-abc.js',
      'main-abc.js.br',
      'main-abc.js.gz',
      'main-abc.js.map',
      'small-def.js',
      'small-def.js.br',
      'small-def.js.gz',
    ]);
    // A tiny page: brotli's copy is still smaller (26 of 33 bytes), gzip's header makes its copy larger.
    expect(fs.readdirSync(folder).sort()).toEqual(['assets', 'index.html', 'index.html.br']);
  });
});
