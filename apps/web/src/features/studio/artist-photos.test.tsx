import type { PublicArtist } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { ArtistPhotos } from './audition-form';

const photos = ['/media/photos/a1/one.png', '/media/photos/a1/two.png'];
const artist = { id: 'a1', _id: 'a1', name: 'Band', photos } as unknown as PublicArtist;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Artist photos', () => {
  it("asks 'Really delete item?' before removing a photo; Cancel keeps it, Confirm removes it", async () => {
    const calls = stubFetch([
      { method: 'DELETE', path: '/api/artist-photo/a1', reply: { body: { photos: [photos[0]] } } },
    ]);
    const user = userEvent.setup();
    renderWithClient(<ArtistPhotos artist={artist} />);

    await user.click(screen.getByRole('button', { name: 'Remove artist photo 2' }));
    expect(screen.getByRole('alertdialog', { name: 'Really delete item?' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove artist photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/artist-photo/a1', body: { path: photos[1] } }]);
  });
});
