import type { PublicSong } from '@hfm/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../api/test-utils';
import { stubXhr, type SentPart } from '../../test/fake-xhr';
import { songFixture } from '../../test/songs';
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
  it('refuses anything but .wav with the exact message', async () => {
    const calls = stubFetch([]);
    renderWithClient(<Harness />);
    const input = screen.getByLabelText('Choose .wav files');
    await userEvent.upload(input, new File(['x'], 'song.mp3', { type: 'audio/mpeg' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('File type is unsupported. Please upload a .wav file.');
    expect(calls).toHaveLength(0);
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
    await userEvent.upload(
      screen.getByLabelText('Choose .wav files'),
      new File([new Uint8Array(1000)], 'Take One.wav', { type: 'audio/wav' }),
    );

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ title: 'Take One', releaseDate: '05/07/2025' });
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
    await userEvent.upload(screen.getByLabelText('Choose .wav files'), new File(['x'], 'a.wav', { type: 'audio/wav' }));
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
    await userEvent.upload(
      screen.getByLabelText('Choose .wav files'),
      new File([new Uint8Array(5_242_880 + 10)], 'Night Drive.wav', { type: 'audio/wav' }),
    );

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
});
