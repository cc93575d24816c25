import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { songFixture } from '../test/songs';
import { SongList } from './song-list';

const songs = [
  songFixture({
    id: '00000000-0000-4000-8000-000000000001',
    title: 'First Light',
    duration: 185,
    plays: 7,
    hifives: 3,
    explicit: true,
  }),
  songFixture({ id: '00000000-0000-4000-8000-000000000002', title: 'Night Drive', duration: 62 }),
];

function headers() {
  return screen.getAllByRole('columnheader').map((header) => header.textContent);
}

describe('SongList', () => {
  afterEach(cleanup);

  it('shows Title and Duration to an artist, without the admin columns', () => {
    render(<SongList songs={songs} loading={false} showAdminColumns={false} />);
    expect(headers()).toEqual(['Play', 'Title', 'Duration', 'Actions']);
    expect(screen.getByText('3:05')).toBeInTheDocument();
    expect(screen.getByText('1:02')).toBeInTheDocument();
  });

  it('adds Explicit, Plays and Hi Fives for an admin', () => {
    render(<SongList songs={songs} loading={false} showAdminColumns />);
    expect(headers()).toEqual(['Play', 'Title', 'Duration', 'Explicit', 'Plays', 'Hi Fives', 'Actions']);
    const first = screen.getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['3:05', 'Yes', '7', '3']));
  });

  it("shows 'Loading...' while the songs load", () => {
    render(<SongList songs={undefined} loading showAdminColumns={false} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('highlights the clicked row and clears it on a click elsewhere', async () => {
    render(
      <div>
        <p>Elsewhere</p>
        <SongList songs={songs} loading={false} showAdminColumns={false} />
      </div>,
    );
    const row = screen.getByText('Night Drive').closest('[role="row"]')!;
    await userEvent.click(row);
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(row).toHaveClass('song-list__row--active');
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(row).toHaveAttribute('aria-selected', 'false');
  });

  it('plays and pauses, and labels the button by what it will do', async () => {
    const onPlay = vi.fn();
    const onPause = vi.fn();
    const { rerender } = render(
      <SongList songs={songs} loading={false} showAdminColumns={false} onPlay={onPlay} onPause={onPause} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play First Light' }));
    expect(onPlay).toHaveBeenCalledWith(songs[0]);
    rerender(
      <SongList
        songs={songs}
        loading={false}
        showAdminColumns={false}
        onPlay={onPlay}
        onPause={onPause}
        playingId={songs[0]!.id}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pause First Light' }));
    expect(onPause).toHaveBeenCalled();
  });

  it('offers Hi Five only with a reason when it is not allowed, and shows the status of unfinished songs', () => {
    render(
      <SongList
        songs={[songFixture({ status: 'failed', failureReason: 'The file is not a WAV file.', title: 'Broken' })]}
        loading={false}
        showAdminColumns={false}
        onPlay={() => {}}
        hiFiveDisabledReason={() => 'Hi Fives are for members.'}
      />,
    );
    const hiFive = screen.getByRole('button', { name: 'Hi Five Broken' });
    expect(hiFive).toHaveAttribute('aria-disabled', 'true');
    expect(hiFive).toHaveAccessibleDescription('Hi Fives are for members.');
    expect(screen.getByText('Failed: The file is not a WAV file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Broken' })).toBeDisabled();
  });

  it('plays a song whose downloads are being prepared, says so, and offers its downloads once made', async () => {
    const onDownload = vi.fn();
    const preparing = songFixture({ title: 'Early Bird', downloads: 'preparing' });
    const { rerender } = render(
      <SongList
        songs={[preparing]}
        loading={false}
        showAdminColumns={false}
        onPlay={() => {}}
        onDownload={onDownload}
      />,
    );
    expect(screen.getByText('Preparing downloads')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Early Bird' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Options for Early Bird' }));
    expect(screen.getByRole('menuitem', { name: 'Download FLAC' })).toBeDisabled();

    rerender(
      <SongList
        songs={[{ ...preparing, downloads: 'ready' }]}
        loading={false}
        showAdminColumns={false}
        onPlay={() => {}}
        onDownload={onDownload}
      />,
    );
    expect(screen.queryByText('Preparing downloads')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Download FLAC' }));
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ title: 'Early Bird' }), 'flac');
  });

  it('says when the downloads of a playing song could not be made', () => {
    const failed = songFixture({ title: 'No Files', downloads: 'failed', failureReason: 'Please upload it again.' });
    render(<SongList songs={[failed]} loading={false} showAdminColumns={false} />);
    expect(screen.getByText('Downloads failed: Please upload it again.')).toBeInTheDocument();
  });

  it('marks a song that plays in full for everyone', () => {
    render(
      <SongList
        songs={[songFixture({ title: 'Night Drive', isFullPreview: true }), songFixture({ id: 'b', title: 'Dawn' })]}
        loading={false}
        showAdminColumns={false}
      />,
    );
    const [, fullRow, otherRow] = screen.getAllByRole('row');
    expect(within(fullRow!).getByText('Full preview')).toBeInTheDocument();
    expect(within(otherRow!).queryByText('Full preview')).not.toBeInTheDocument();
  });

  it('opens the options menu upward when it would reach under a bar fixed at the bottom', async () => {
    // Layout as a browser would give it: 296 px below the button, 96 of them under the player bar; a 250 px menu.
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 464, width: 40, height: 40 }),
    );
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(250);
    // jsdom does not inherit custom properties; a browser gives the menu the studio's --bottom-overlay.
    const computed = window.getComputedStyle;
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => {
      const style = computed(element);
      const read = style.getPropertyValue.bind(style);
      style.getPropertyValue = (name: string) => (name === '--bottom-overlay' ? '96px' : read(name));
      return style;
    });
    const { container } = render(<SongList songs={songs} loading={false} showAdminColumns={false} onEdit={() => {}} />);
    await userEvent.click(screen.getAllByRole('button', { name: /^Options for/ })[0]!);
    expect(screen.getByRole('menu')).toHaveClass('song-list__menu--up');
    vi.restoreAllMocks();
    await userEvent.keyboard('{Escape}');
    expect(container.querySelector('.song-list__menu')).toBeNull();
  });

  it('opens the options menu downward when there is room', async () => {
    render(<SongList songs={songs} loading={false} showAdminColumns={false} onEdit={() => {}} />);
    await userEvent.click(screen.getAllByRole('button', { name: /^Options for/ })[0]!);
    expect(screen.getByRole('menu')).not.toHaveClass('song-list__menu--up');
  });

  it("says 'Waiting for upload' for a song created without its file yet", () => {
    render(
      <SongList
        songs={[songFixture({ status: 'pending', title: 'Night Drive', duration: null })]}
        loading={false}
        showAdminColumns={false}
      />,
    );
    expect(screen.getByText('Waiting for upload')).toBeInTheDocument();
  });

  it('deletes from the options menu only after the confirmation', async () => {
    const onDelete = vi.fn();
    const onEdit = vi.fn();
    render(<SongList songs={songs} loading={false} showAdminColumns={false} onDelete={onDelete} onEdit={onEdit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Options for Night Drive' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Really delete item?')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onDelete).toHaveBeenCalledWith(songs[1]);
  });
});
