import { arrayMove } from '@dnd-kit/sortable';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SortableSongList, sortableIds } from './sortable-song-list';

interface Song {
  id: string;
  title: string;
}
const alpha = { id: 'a', title: 'Alpha' };
const bravo = { id: 'b', title: 'Bravo' };

function Songs({ initial }: { initial: Song[] }) {
  const [songs, setSongs] = useState(initial);
  return (
    <SortableSongList
      items={songs}
      songId={(song) => song.id}
      title={(song) => song.title}
      label="Order"
      classes={{ list: 'order', row: 'order__row', handle: 'order__handle' }}
      onMove={(from, to) => setSongs(arrayMove(songs, from, to))}
      renderRow={(song, index) => (
        <span>
          {index + 1}. {song.title}
        </span>
      )}
    />
  );
}

/** jsdom has no layout: each row gets a place in a column, so the keyboard sensor can move between them. */
function layOutRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('.order__row');
    if (!row?.parentElement) return original.call(this);
    const top = [...row.parentElement.children].indexOf(row) * 50;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 44, width: 300, height: 44, toJSON: () => ({}) };
  });
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Order' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('SortableSongList', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('tells apart the same song twice', () => {
    expect(sortableIds([alpha, bravo, alpha, alpha], (song) => song.id)).toEqual(['a', 'b', 'a#1', 'a#2']);
  });

  it('moves a song with the keyboard, the same song twice in the list too, and says each step', async () => {
    layOutRows();
    render(<Songs initial={[alpha, bravo, alpha]} />);
    expect(rows()).toEqual(['⠿1. Alpha', '⠿2. Bravo', '⠿3. Alpha']);
    const handles = screen.getAllByRole('button', { name: 'Move Alpha' });
    expect(handles).toHaveLength(2);
    expect(handles[1]).toHaveAccessibleDescription(
      'To move a song, press Space, use the arrow keys, then press Space again to drop it.',
    );

    handles[1]!.focus();
    await userEvent.keyboard('[Space]');
    expect(screen.getByRole('status')).toHaveTextContent('Picked up Alpha.');
    await userEvent.keyboard('[ArrowUp]');
    expect(screen.getByRole('status')).toHaveTextContent('Alpha is over the place of Bravo.');
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(rows()).toEqual(['⠿1. Alpha', '⠿2. Alpha', '⠿3. Bravo']));
    expect(screen.getByRole('status')).toHaveTextContent('Alpha was dropped in the place of Bravo.');
  });
});
