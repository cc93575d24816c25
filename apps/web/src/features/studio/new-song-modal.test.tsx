import type { PublicSong } from '@hfm/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { stubXhr, type SentPart } from '../../test/fake-xhr';
import { songFixture } from '../../test/songs';
import { wavFile } from '../../test/wav-file';
import { NewSongModal } from './new-song-modal';
import { progressLabel, useSongUploads } from './use-song-uploads';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const artist = { id: '00000000-0000-4000-8000-0000000000aa', songDirectory: 'dir_Band' };

function Harness({
  onSaved = () => {},
  onCreateAlbum = () => {},
}: {
  onSaved?: (songs: PublicSong[]) => void;
  onCreateAlbum?: (ids: string[]) => void;
}) {
  const uploads = useSongUploads({ artist, onSong: () => {}, poll: { wait: () => new Promise(() => {}) } });
  return (
    <NewSongModal open onOpenChange={() => {}} uploads={uploads} onSaved={onSaved} onCreateAlbum={onCreateAlbum} />
  );
}

describe('progressLabel', () => {
  it("says 'Uploading Track...' below 100 and 'Finishing up...' at 100", () => {
    expect(progressLabel(0)).toBe('Uploading Track...');
    expect(progressLabel(99.9)).toBe('Uploading Track...');
    expect(progressLabel(100)).toBe('Finishing up...');
  });
});

describe('NewSongModal', () => {
  it('refuses a file that is no audio with the spec’s exact message, and an MP3 saying why', async () => {
    const calls = stubFetch([]);
    renderWithClient(<Harness />);
    const input = screen.getByLabelText('Choose audio files');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('File type is unsupported. Please upload a .wav file.');
    await userEvent.upload(input, new File(['x'], 'song.mp3', { type: 'audio/mpeg' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is an MP3 file, which has already lost detail. Upload the lossless master: WAV, FLAC, AIFF or ALAC.',
    );
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('offers the lossless containers in the file picker', () => {
    stubFetch([]);
    renderWithClient(<Harness />);
    const accept = screen.getByLabelText('Choose audio files').getAttribute('accept') ?? '';
    for (const name of ['.wav', '.flac', '.aiff', '.aif', '.m4a']) expect(accept).toContain(name);
    expect(accept).not.toContain('.mp3');
  });

  it('creates the song, shows real progress, then Edit Song Info, and saves', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 4, 7, 12));
    const pending = songFixture({ status: 'pending', title: 'Take One', releaseDate: '05/07/2025' });
    const sent = stubXhr();
    const onSaved = vi.fn();
    const onCreateAlbum = vi.fn();
    const calls = stubFetch([
      { method: 'POST', path: '/api/songs', reply: { status: 201, body: pending } },
      {
        method: 'POST',
        path: `/api/songs/upload-presigned/${pending.id}`,
        reply: { body: [{ uploadId: 'u', key: 'k', urls: ['/parts/1'] }] },
      },
      {
        method: 'GET',
        path: `/api/songs/upload-parts/${pending.id}?uploadId=u&key=k`,
        reply: { body: { parts: [] } },
      },
      {
        method: 'POST',
        path: `/api/songs/upload-complete/${pending.id}`,
        reply: { body: { ...pending, status: 'uploading' } },
      },
      {
        method: 'PUT',
        path: `/api/songs/${pending.id}`,
        reply: (request) => ({ body: { ...pending, ...(request.body as object), status: 'uploading' } }),
      },
    ]);
    renderWithClient(<Harness onSaved={onSaved} onCreateAlbum={onCreateAlbum} />);
    await userEvent.upload(screen.getByLabelText('Choose audio files'), wavFile('Take One.wav', 1000));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      title: 'Take One',
      releaseDate: '05/07/2025',
    });
    act(() => sent[0]!.progress(400));
    expect(screen.getByRole('progressbar', { name: 'Uploading Track...' })).toHaveAttribute('aria-valuenow', '40');
    act(() => sent[0]!.progress(1000));
    expect(screen.getByRole('progressbar', { name: 'Finishing up...' })).toHaveAttribute('aria-valuenow', '100');
    act(() => sent[0]!.respond({ etag: '"p1"' }));

    expect(await screen.findByRole('heading', { name: 'Edit Song Info' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '← Back to upload' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Take Two');
    await userEvent.type(screen.getByLabelText('ISRC'), 'US-S1Z-99-00001');
    await userEvent.click(screen.getByRole('switch', { name: 'Add all songs to a new album?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      title: 'Take Two',
      ISRC: 'US-S1Z-99-00001',
      releaseDate: '05/07/2025',
      explicit: false,
    });
    expect(onCreateAlbum).toHaveBeenCalledWith([pending.id]);
    vi.useRealTimers();
  });

  it("shows 'Failed to upload song: {message}' when the upload fails", async () => {
    const { toast } = await import('sonner');
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch([
      {
        method: 'POST',
        path: '/api/songs',
        reply: {
          status: 400,
          body: { error: { code: 'VALIDATION', message: 'Please enter a valid release date (MM/DD/YYYY).' } },
        },
      },
    ]);
    renderWithClient(<Harness />);
    await userEvent.upload(screen.getByLabelText('Choose audio files'), wavFile('a.wav'));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to upload song: Please enter a valid release date (MM/DD/YYYY).'),
    );
  });

  it('Retry resumes the failed file for the same song and sends only the missing parts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const song = songFixture({ status: 'pending', title: 'Night Drive' });
    const stored = new Map<number, { PartNumber: number; ETag: string; Size: number }>();
    const storePart = (part: SentPart) => {
      const PartNumber = Number(part.url.slice(-1));
      const ETag = `"${part.url.split('/')[1]}-${PartNumber}"`;
      stored.set(PartNumber, { PartNumber, ETag, Size: part.size });
      return { etag: ETag };
    };
    const sent = stubXhr((part) => (part.url === '/first/2' ? 'network-error' : storePart(part)));
    let presigned = 0;
    const calls = stubFetch([
      { method: 'POST', path: '/api/songs', reply: { status: 201, body: song } },
      {
        method: 'POST',
        path: `/api/songs/upload-presigned/${song.id}`,
        reply: () => {
          const round = ++presigned === 1 ? 'first' : 'second';
          return { body: [{ uploadId: 'u', key: 'k', urls: [`/${round}/1`, `/${round}/2`] }] };
        },
      },
      {
        method: 'GET',
        path: `/api/songs/upload-parts/${song.id}?uploadId=u&key=k`,
        reply: () => ({ body: { parts: [...stored.values()] } }),
      },
      {
        method: 'POST',
        path: `/api/songs/upload-complete/${song.id}`,
        reply: { body: { ...song, status: 'uploading' } },
      },
    ]);
    renderWithClient(<Harness />);
    await userEvent.upload(screen.getByLabelText('Choose audio files'), wavFile('Night Drive.wav', 5_242_880 + 10));

    const retry = await screen.findByRole('button', { name: 'Retry Night Drive.wav' });
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(sent.filter((part) => part.url === '/first/2')).toHaveLength(4);
    expect(calls.some((call) => call.path.startsWith(`/api/songs/upload-complete/`))).toBe(false);
    const sentBeforeRetry = sent.length;
    await userEvent.click(retry);

    expect(await screen.findByRole('heading', { name: 'Edit Song Info' })).toBeInTheDocument();
    expect(sent.slice(sentBeforeRetry).map((part) => [part.url, part.size])).toEqual([['/second/2', 10]]);
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/songs')).toHaveLength(1);
    expect(presigned).toBe(2);
    const complete = calls.find((call) => call.path === `/api/songs/upload-complete/${song.id}`)!;
    expect(complete.body).toMatchObject({
      uploadId: 'u',
      key: 'k',
      parts: [
        { PartNumber: 1, ETag: '"first-1"' },
        { PartNumber: 2, ETag: '"second-2"' },
      ],
    });
  });

  it('refuses an MP3 named .wav and random bytes at once, from the header, with the reason and no Retry', async () => {
    const calls = stubFetch([]);
    renderWithClient(<Harness />);
    const mp3 = new File(
      [new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64])],
      'demo.wav',
      {
        type: 'audio/wav',
      },
    );
    const noise = new File([crypto.getRandomValues(new Uint8Array(4096))], 'noise.wav', { type: 'audio/wav' });
    const lowRate = wavFile('phone.wav', 4000, 8000);
    await userEvent.upload(screen.getByLabelText('Choose audio files'), [mp3, noise, lowRate]);
    const rows = await screen.findAllByText('Failed');
    expect(rows).toHaveLength(3);
    expect(screen.getByText(/^This is an MP3 file, which has already lost detail/)).toBeInTheDocument();
    expect(screen.getByText('This file is not a WAV audio file.')).toBeInTheDocument();
    expect(screen.getByText(/sample rate is 8,000 Hz, too low for music/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('keeps a refusal’s reason on the row, with no Retry where a retry cannot succeed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const quota = 'You can have at most 3 songs while your artist account waits for approval.';
    stubFetch([
      {
        method: 'POST',
        path: '/api/songs',
        reply: { status: 409, body: { error: { code: 'CONFLICT', message: quota } } },
      },
    ]);
    renderWithClient(<Harness />);
    await userEvent.upload(screen.getByLabelText('Choose audio files'), wavFile('Real Song.wav'));
    expect(await screen.findByText(quota)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry Real Song.wav' })).toBeNull();
  });

  it('states the limits before any file is chosen, with the songs left while the account waits', async () => {
    stubFetch([
      {
        method: 'GET',
        path: '/api/songs/upload-limits',
        reply: {
          body: {
            formats: ['WAV', 'FLAC', 'AIFF', 'ALAC'],
            extensions: ['.wav', '.flac', '.aiff', '.aif', '.aifc', '.m4a'],
            minSampleRate: 22_050,
            maxSongSeconds: 7200,
            maxFileBytes: 2_000_000_000,
            awaitingApproval: true,
            songsLeft: 2,
            bytesLeft: 1_000_000_000,
          },
        },
      },
    ]);
    renderWithClient(<Harness />);
    const limits = await screen.findByRole('list', { name: 'Upload limits' });
    expect(limits).toHaveTextContent('Lossless audio: WAV, FLAC, AIFF or ALAC (ALAC in .m4a).');
    expect(limits).toHaveTextContent('22,050 Hz or more');
    expect(limits).toHaveTextContent('Up to 2 h a song and 2.0 GB a file.');
    expect(limits).toHaveTextContent('While your account waits for approval you can add 2 more songs.');
  });
});
