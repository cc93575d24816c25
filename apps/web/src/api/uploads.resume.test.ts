import type { StoredPart } from '@hfm/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../test/fake-xhr';
import { songFixture } from '../test/songs';
import { stubFetch } from '../test/test-utils';
import { uploadParts, uploadSongFile } from './uploads';

afterEach(() => vi.unstubAllGlobals());

const MB5 = 5_242_880;
const artist = { id: '00000000-0000-4000-8000-0000000000aa', songDirectory: 'dir_Band' };

function fileOf(size: number, name = 'Night Drive.wav') {
  return new File([new Uint8Array(size)], name, { type: 'audio/wav' });
}

/** A song whose upload was interrupted: presigning answers the same upload, upload-parts what it holds. */
function stubResumeServer(stored: StoredPart[], urls: string[]) {
  const song = songFixture({ status: 'pending' });
  const calls = stubFetch([
    {
      method: 'POST',
      path: `/api/songs/upload-presigned/${song.id}`,
      reply: { body: [{ uploadId: 'u-1', key: 'songs/k.wav', urls }] },
    },
    {
      method: 'GET',
      path: `/api/songs/upload-parts/${song.id}?uploadId=u-1&key=songs%2Fk.wav`,
      reply: { body: { parts: stored } },
    },
    {
      method: 'POST',
      path: `/api/songs/upload-complete/${song.id}`,
      reply: { body: { ...song, status: 'uploading' } },
    },
  ]);
  return { song, calls };
}

describe('uploadSongFile resuming an interrupted upload', () => {
  it('skips the stored parts and completes with stored and new ETags in part order', async () => {
    const sent = stubXhr((part) => ({ etag: `"new-${part.url.slice(-1)}"` }));
    const { song, calls } = stubResumeServer(
      [
        { PartNumber: 3, ETag: '"old-3"', Size: 7 },
        { PartNumber: 1, ETag: '"old-1"', Size: MB5 },
      ],
      ['/parts/1', '/parts/2', '/parts/3'],
    );
    const result = await uploadSongFile({ song, file: fileOf(2 * MB5 + 7), artist });

    expect(result.status).toBe('uploading');
    expect(sent.map((part) => [part.url, part.size])).toEqual([['/parts/2', MB5]]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /api/songs/upload-presigned/${song.id}`,
      `GET /api/songs/upload-parts/${song.id}?uploadId=u-1&key=songs%2Fk.wav`,
      `POST /api/songs/upload-complete/${song.id}`,
    ]);
    expect(calls[2]!.body).toMatchObject({
      key: 'songs/k.wav',
      uploadId: 'u-1',
      parts: [
        { PartNumber: 1, ETag: '"old-1"' },
        { PartNumber: 2, ETag: '"new-2"' },
        { PartNumber: 3, ETag: '"old-3"' },
      ],
    });
  });

  it('sends again a stored part whose size is not the expected one', async () => {
    const sent = stubXhr((part) => ({ etag: `"new-${part.url.slice(-1)}"` }));
    const { song, calls } = stubResumeServer(
      [
        { PartNumber: 1, ETag: '"short-1"', Size: MB5 - 1 },
        { PartNumber: 2, ETag: '"old-2"', Size: MB5 },
        { PartNumber: 3, ETag: '"long-3"', Size: MB5 },
        { PartNumber: 4, ETag: '"extra-4"', Size: 7 },
      ],
      ['/parts/1', '/parts/2', '/parts/3'],
    );
    await uploadSongFile({ song, file: fileOf(2 * MB5 + 7), artist });

    expect(sent.map((part) => [part.url, part.size]).sort()).toEqual([
      ['/parts/1', MB5],
      ['/parts/3', 7],
    ]);
    expect(calls[2]!.body).toMatchObject({
      parts: [
        { PartNumber: 1, ETag: '"new-1"' },
        { PartNumber: 2, ETag: '"old-2"' },
        { PartNumber: 3, ETag: '"new-3"' },
      ],
    });
  });

  it('starts the progress at the bytes already stored', async () => {
    stubXhr(() => ({ etag: '"new"' }));
    const { song } = stubResumeServer([{ PartNumber: 1, ETag: '"old-1"', Size: MB5 }], ['/parts/1', '/parts/2']);
    const percents: number[] = [];
    await uploadSongFile({
      song,
      file: fileOf(2 * MB5),
      artist,
      onProgress: (percent) => percents.push(percent),
    });
    expect(percents[0]).toBe(50);
    expect(Math.min(...percents)).toBe(50);
    expect(percents.at(-1)).toBe(100);
  });
});

describe('uploadParts with stored parts', () => {
  it('counts stored bytes as sent before any part goes out, and adds the new bytes to them', async () => {
    const sent = stubXhr();
    const progress: number[] = [];
    const done = uploadParts({
      file: fileOf(2 * MB5 + 100),
      urls: ['/up/1', '/up/2', '/up/3'],
      stored: [{ PartNumber: 2, ETag: '"old-2"', Size: MB5 }],
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(progress).toEqual([MB5]);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((part) => part.url).sort()).toEqual(['/up/1', '/up/3']);
    sent.find((part) => part.url === '/up/3')!.progress(40);
    expect(progress.at(-1)).toBe(MB5 + 40);
    for (const part of sent) part.respond({ etag: `"new-${part.url.slice(-1)}"` });
    expect(await done).toEqual([
      { PartNumber: 1, ETag: '"new-1"' },
      { PartNumber: 2, ETag: '"old-2"' },
      { PartNumber: 3, ETag: '"new-3"' },
    ]);
    expect(progress.at(-1)).toBe(2 * MB5 + 100);
  });

  it('sends nothing when every part is already stored', async () => {
    const sent = stubXhr();
    const parts = await uploadParts({
      file: fileOf(10),
      urls: ['/up/1'],
      stored: [{ PartNumber: 1, ETag: '"old-1"', Size: 10 }],
    });
    expect(sent).toHaveLength(0);
    expect(parts).toEqual([{ PartNumber: 1, ETag: '"old-1"' }]);
  });
});
