import { cleanup, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { songFixture } from '../../test/songs';
import { OWN_SONG_HI_FIVE, SongsPanel } from './songs-panel';

const artist = { id: '00000000-0000-4000-8000-0000000000aa' };
const songs = Array.from({ length: 12 }, (_, index) =>
  songFixture({
    id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
    title: `Song ${index + 1}`,
    artistID: artist.id,
  }),
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(role: 'ARTIST' | 'ADMIN' = 'ARTIST') {
  const calls = stubFetch([
    {
      method: 'GET',
      path: `/api/songs/artist/${artist.id}?page=1&limit=12`,
      reply: { body: { items: songs, pagination: { page: 1, limit: 12, total: 13, pageCount: 2, hasMore: true } } },
    },
    {
      method: 'GET',
      path: `/api/songs/artist/${artist.id}?page=2&limit=12`,
      reply: {
        body: {
          items: [songFixture({ title: 'Song 13' })],
          pagination: { page: 2, limit: 12, total: 13, pageCount: 2, hasMore: false },
        },
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/songs\/remove\//,
      reply: (request) => ({ body: { id: request.path.split('/').at(-1), deleted: true } }),
    },
  ]);
  renderWithClient(<SongsPanel user={{ role }} artist={artist} onSubmitMusic={() => {}} />);
  return calls;
}

describe('SongsPanel', () => {
  it('loads 12 songs a page and pages on', async () => {
    renderPanel();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Song 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Song 13')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows that the next page is loading while the old rows are still there', async () => {
    let releasePage2 = () => {};
    const page2Sent = new Promise<void>((sent) => {
      stubFetch([
        {
          method: 'GET',
          path: `/api/songs/artist/${artist.id}?page=1&limit=12`,
          reply: { body: { items: songs, pagination: { page: 1, limit: 12, total: 13, pageCount: 2, hasMore: true } } },
        },
        {
          method: 'GET',
          path: `/api/songs/artist/${artist.id}?page=2&limit=12`,
          reply: () =>
            new Promise((reply) => {
              sent();
              releasePage2 = () =>
                reply({
                  body: {
                    items: [songFixture({ title: 'Song 13' })],
                    pagination: { page: 2, limit: 12, total: 13, pageCount: 2, hasMore: false },
                  },
                });
            }),
        },
      ]);
    });
    renderWithClient(<SongsPanel user={{ role: 'ARTIST' }} artist={artist} onSubmitMusic={() => {}} />);
    await screen.findByText('Song 12');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await page2Sent;
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('table', { name: 'Songs' })).toHaveAttribute('aria-busy', 'true');
    releasePage2();
    expect(await screen.findByText('Song 13')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Songs' })).not.toHaveAttribute('aria-busy');
  });

  it('removes a song from the list once its deletion is confirmed', async () => {
    const calls = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Options for Song 3' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText('Song 3')).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/songs/remove/${songs[2]!.id}` });
    expect(screen.getByText('Song 4')).toBeInTheDocument();
  });

  it('keeps Hi Five from the artist on their own songs, and shows admin columns only to admins', async () => {
    renderPanel();
    const hiFive = await screen.findByRole('button', { name: 'Hi Five Song 1' });
    expect(hiFive).toHaveAccessibleDescription(OWN_SONG_HI_FIVE);
    expect(screen.queryByRole('columnheader', { name: 'Plays' })).not.toBeInTheDocument();
    cleanup();
    renderPanel('ADMIN');
    expect(await screen.findByRole('columnheader', { name: 'Plays' })).toBeInTheDocument();
  });
});
