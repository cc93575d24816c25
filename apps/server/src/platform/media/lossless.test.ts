import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeAudio } from '../../test/lossless-audio.js';
import { makeWav } from '../../test/wav.js';
import { readLosslessFile } from './lossless.js';

describe('reading a stored original', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-lossless-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads an original stored before decision 0053 whose key lost its extension as the WAV it was', async () => {
    const legacy = path.join(dir, 'a_very_long_name_cut_at_one_hundred_characters_before_its_ext');
    fs.writeFileSync(legacy, makeWav(1));
    expect(await readLosslessFile(legacy, 7200)).toMatchObject({ container: 'wav', seconds: 1 });
  });

  it('reads the container its extension names', async () => {
    const flac = path.join(dir, 'take.flac');
    fs.writeFileSync(flac, makeAudio('flac', 1));
    expect(await readLosslessFile(flac, 7200)).toMatchObject({ container: 'flac', seconds: 1 });
  });
});
