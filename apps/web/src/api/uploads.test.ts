import { waitFor } from '@testing-library/react';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { songFixture } from '../test/songs';
import { stubXhr } from '../test/fake-xhr';
import { stubFetch } from '../test/test-utils';
import {
  hasDownloadsSettled,
  partRanges,
  pollSongStatus,
  PollGaveUpError,
  readETag,
  uploadParts,
  uploadSongFile,
} from './uploads';

afterEach(() => vi.unstubAllGlobals());

const MB5 = 5_242_880;

function fileOf(size: number, name = 'song.wav') {
  return new File([new Uint8Array(size)], name, { type: 'audio/wav' });
}

describe('partRanges', () => {
  it('cuts parts of exactly 5,242,880 bytes except the last', () => {
    expect(UPLOAD_PART_SIZE).toBe(MB5);
    const ranges = partRanges(2 * MB5 + 1000);
    expect(ranges).toEqual([
      { PartNumber: 1, start: 0, end: MB5 },
      { PartNumber: 2, start: MB5, end: 2 * MB5 },
      { PartNumber: 3, start: 2 * MB5, end: 2 * MB5 + 1000 },
    ]);
    expect(partRanges(MB5)).toEqual([{ PartNumber: 1, start: 0, end: MB5 }]);
    expect(partRanges(MB5 + 1).map((range) => range.end - range.start)).toEqual([MB5, 1]);
    expect(partRanges(10)).toEqual([{ PartNumber: 1, start: 0, end: 10 }]);
  });
});

describe('readETag', () => {
  it('refuses a missing or malformed tag', () => {
    expect(readETag('"abc123"', 1)).toBe('"abc123"');
    expect(() => readETag(null, 2)).toThrow('Part 2 came back without a valid ETag.');
    expect(() => readETag('', 3)).toThrow();
    expect(() => readETag('"a b"', 4)).toThrow();
  });
});

describe('uploadParts', () => {
  it('PUTs every part with its own bytes and answers the ETags in part order', async () => {
    const sent = stubXhr((part) => ({ etag: `"tag-${part.url.slice(-1)}"` }));
    const progress: number[] = [];
    const file = fileOf(2 * MB5 + 7);
    const parts = await uploadParts({
      file,
      urls: ['/up/1', '/up/2', '/up/3'],
      onProgress: (sentBytes) => progress.push(sentBytes),
    });
    expect(parts).toEqual([
      { PartNumber: 1, ETag: '"tag-1"' },
      { PartNumber: 2, ETag: '"tag-2"' },
      { PartNumber: 3, ETag: '"tag-3"' },
    ]);
    expect(sent.map((part) => [part.method, part.url, part.size]).sort()).toEqual([
      ['PUT', '/up/1', MB5],
      ['PUT', '/up/2', MB5],
      ['PUT', '/up/3', 7],
    ]);
    expect(progress.at(-1)).toBe(file.size);
  });

  it('sends at most four parts at a time', async () => {
    const sent = stubXhr();
    const done = uploadParts({ file: fileOf(6 * MB5), urls: ['1', '2', '3', '4', '5', '6'].map((n) => `/up/${n}`) });
    await waitFor(() => expect(sent).toHaveLength(4));
    sent[0]!.respond();
    await waitFor(() => expect(sent).toHaveLength(5));
    for (const part of sent.slice(1)) part.respond();
    await waitFor(() => expect(sent).toHaveLength(6));
    sent[5]!.respond();
    expect((await done).map((part) => part.PartNumber)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('retries a failed part and gives up after a few tries', async () => {
    stubXhr((_part, attempt) => (attempt < 3 ? 'network-error' : { etag: '"ok"' }));
    await expect(uploadParts({ file: fileOf(10), urls: ['/up/1'] })).resolves.toEqual([
      { PartNumber: 1, ETag: '"ok"' },
    ]);
    stubXhr(() => ({ status: 500 }));
    await expect(uploadParts({ file: fileOf(10), urls: ['/up/1'], retries: 2 })).rejects.toThrow('(500)');
  });

  it('fails when a part answers without an ETag', async () => {
    stubXhr(() => ({ etag: null }));
    await expect(uploadParts({ file: fileOf(10), urls: ['/up/1'], retries: 0 })).rejects.toThrow(
      'without a valid ETag',
    );
  });
});

describe('uploadSongFile', () => {
  it('presigns, uploads the parts and completes with the spec body', async () => {
    const song = songFixture({ status: 'pending' });
    stubXhr((part) => ({ etag: `"e${part.url.slice(-1)}"` }));
    const calls = stubFetch([
      {
        method: 'POST',
        path: `/api/songs/upload-presigned/${song.id}`,
        reply: { body: [{ uploadId: 'u-1', key: 'songs/k.wav', urls: ['/parts/1', '/parts/2'] }] },
      },
      {
        method: 'GET',
        path: `/api/songs/upload-parts/${song.id}?uploadId=u-1&key=songs%2Fk.wav`,
        reply: { body: { parts: [] } },
      },
      {
        method: 'POST',
        path: `/api/songs/upload-complete/${song.id}`,
        reply: { body: { ...song, status: 'uploading' } },
      },
    ]);
    const file = fileOf(MB5 + 5, 'Take One.wav');
    const result = await uploadSongFile({ song, file, artist: { id: song.artistID, songDirectory: 'dir_Band' } });
    expect(result.status).toBe('uploading');
    expect(calls[0]!.body).toEqual({
      files: [{ name: 'Take One.wav', size: MB5 + 5, type: 'audio/wav', s3Path: 'dir_Band' }],
    });
    expect(calls[1]!.method).toBe('GET');
    expect(calls[2]!.body).toEqual({
      key: 'songs/k.wav',
      uploadId: 'u-1',
      parts: [
        { ETag: '"e1"', PartNumber: 1 },
        { ETag: '"e2"', PartNumber: 2 },
      ],
      artistID: song.artistID,
      s3Path: 'dir_Band',
      fileName: 'Take One.wav',
    });
  });
});

describe('pollSongStatus', () => {
  const noWait = () => Promise.resolve();

  it('polls every 2000 ms until the song is ready, retrying after errors', async () => {
    const waits: number[] = [];
    const answers = [songFixture({ status: 'uploading' }), new Error('offline'), songFixture({ status: 'ready' })];
    const fetchStatus = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const song = await pollSongStatus('id', { fetchStatus, wait: async (ms) => void waits.push(ms) });
    expect(song.status).toBe('ready');
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('stops at failed', async () => {
    const fetchStatus = vi.fn(async () => songFixture({ status: 'failed', failureReason: 'Not a WAV file.' }));
    await expect(pollSongStatus('id', { fetchStatus, wait: noWait })).resolves.toMatchObject({ status: 'failed' });
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('stops at ready while the downloads are still being made, and can wait on for them', async () => {
    const answers = [
      songFixture({ status: 'ready', downloads: 'preparing' }),
      songFixture({ status: 'ready', downloads: 'preparing' }),
      songFixture({ status: 'ready', downloads: 'ready' }),
    ];
    const fetchStatus = vi.fn(async () => answers.shift()!);
    const playable = await pollSongStatus('id', { fetchStatus, wait: noWait });
    expect(playable.downloads).toBe('preparing');
    const made = await pollSongStatus('id', { fetchStatus, wait: noWait, until: hasDownloadsSettled });
    expect(made.downloads).toBe('ready');
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('gives up after 60 attempts', async () => {
    const fetchStatus = vi.fn(async () => songFixture({ status: 'uploading' }));
    await expect(pollSongStatus('id', { fetchStatus, wait: noWait })).rejects.toBeInstanceOf(PollGaveUpError);
    expect(fetchStatus).toHaveBeenCalledTimes(60);
  });

  it('reads the song with GET /api/songs/{id} by default', async () => {
    const song = songFixture({ status: 'ready' });
    const calls = stubFetch([{ method: 'GET', path: `/api/songs/${song.id}`, reply: { body: song } }]);
    await pollSongStatus(song.id, { wait: noWait });
    expect(calls).toEqual([{ method: 'GET', path: `/api/songs/${song.id}`, body: undefined }]);
  });
});
