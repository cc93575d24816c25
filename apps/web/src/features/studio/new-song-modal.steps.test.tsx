import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { stubXhr } from '../../test/fake-xhr';
import { songFixture } from '../../test/songs';
import { EditSongModal } from './edit-song-modal';
import { NewSongModal } from './new-song-modal';
import { useSongUploads } from './use-song-uploads';
import { wavFile } from '../../test/wav-file';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const artist = { id: '00000000-0000-4000-8000-0000000000aa', songDirectory: 'dir_Band' };
const pending = songFixture({ status: 'pending', title: 'Take One' });

function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const uploads = useSongUploads({ artist, onSong: () => {}, poll: { wait: () => new Promise(() => {}) } });
  return (
    <NewSongModal open onOpenChange={onOpenChange} uploads={uploads} onSaved={() => {}} onCreateAlbum={() => {}} />
  );
}

/** One file uploaded through the protocol (every part answered at once), up to Edit Song Info. */
async function uploadToEditStep(onOpenChange = vi.fn()) {
  stubXhr(() => ({ etag: '"p1"' }));
  stubFetch([
    { method: 'POST', path: '/api/songs', reply: { status: 201, body: pending } },
    {
      method: 'POST',
      path: `/api/songs/upload-presigned/${pending.id}`,
      reply: { body: [{ uploadId: 'u', key: 'k', urls: ['/parts/1'] }] },
    },
    { method: 'GET', path: `/api/songs/upload-parts/${pending.id}?uploadId=u&key=k`, reply: { body: { parts: [] } } },
    {
      method: 'POST',
      path: `/api/songs/upload-complete/${pending.id}`,
      reply: { body: { ...pending, status: 'uploading' } },
    },
  ]);
  const user = userEvent.setup();
  renderWithClient(<Harness onOpenChange={onOpenChange} />);
  await user.upload(screen.getByLabelText('Choose audio files'), wavFile('Take One.wav', 100));
  await screen.findByRole('heading', { name: 'Edit Song Info' });
  return { user, onOpenChange };
}

describe('New Song: Back to upload', () => {
  it('shows what was uploaded (no stale "Finishing up... 100%") and a way back to the typed song info', async () => {
    const { user } = await uploadToEditStep();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Take Two');

    await user.click(screen.getByRole('button', { name: '← Back to upload' }));
    expect(screen.getByRole('heading', { name: 'New Song' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Finishing up...')).not.toBeInTheDocument();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Edit Song Info (1 song)' }));
    expect(screen.getByRole('heading', { name: 'Edit Song Info' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Take Two');
  });
});

describe('New Song: closing with unsaved song info', () => {
  it('asks first; Keep editing keeps what was typed, Discard changes closes', async () => {
    const { user, onOpenChange } = await uploadToEditStep();
    await user.type(screen.getByLabelText('ISRC'), 'US-S1Z-99-00001');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(ask).toHaveTextContent('The song info you typed has not been saved.');
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('ISRC')).toHaveValue('US-S1Z-99-00001');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes at once when nothing was typed', async () => {
    const { user, onOpenChange } = await uploadToEditStep();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
  });
});

describe('Edit Song Info from the list', () => {
  const song = songFixture({ title: 'First Light' });

  it('Escape with a changed title asks before closing; Discard changes closes', async () => {
    stubFetch([]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<EditSongModal song={song} onClose={onClose} onSaved={() => {}} />);
    await user.type(screen.getByLabelText('Title'), ' (Live)');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard your changes?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('Cancel without changes closes at once', async () => {
    stubFetch([]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<EditSongModal song={song} onClose={onClose} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('New Song: a batch of files', () => {
  it('creates the songs one at a time, last file first, so the newest-first list reads in the chosen order', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let inFlight = 0;
    let mostInFlight = 0;
    const created: string[] = [];
    stubXhr(() => ({ etag: '"p1"' }));
    stubFetch([
      {
        method: 'POST',
        path: '/api/songs',
        reply: async (request) => {
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          await new Promise((resolve) => setTimeout(resolve, 0));
          inFlight -= 1;
          const title = (request.body as { title: string }).title;
          created.push(title);
          return {
            status: 201,
            body: songFixture({ id: `00000000-0000-4000-8000-00000000000${created.length}`, title }),
          };
        },
      },
    ]);
    const user = userEvent.setup();
    renderWithClient(<Harness onOpenChange={() => {}} />);
    await user.upload(
      screen.getByLabelText('Choose audio files'),
      ['A side.wav', 'B side.wav', 'C side.wav'].map((name) => wavFile(name, 100)),
    );
    await waitFor(() => expect(created).toHaveLength(3));
    expect(created).toEqual(['C side', 'B side', 'A side']);
    expect(mostInFlight).toBe(1);
  });
});
