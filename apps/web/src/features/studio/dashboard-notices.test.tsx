import type { PublicArtist } from '@hfm/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { Dashboard } from './dashboard';

const artist = {
  _id: 'a1',
  id: 'a1',
  name: 'The High Priestess',
  status: 'ACTIVE',
  photos: [],
  hifives: 3,
} as unknown as PublicArtist;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Studio dashboard: the notice of changed terms', () => {
  it('shows the changes that concern artists (the Licence, the Artist and User Terms) above the status', async () => {
    stubFetch([
      {
        method: 'GET',
        path: '/api/documents/notices',
        reply: {
          body: [
            {
              _id: 'd2',
              id: 'd2',
              key: 'license-agreement',
              label: 'Artist License Agreement',
              version: 4,
              publishedAt: '2026-06-01T09:00:00.000Z',
              updatedAt: '2026-06-01T09:00:00.000Z',
              showUntil: '2026-07-01T09:00:00.000Z',
              page: '/user-license-agreement',
            },
          ],
        },
      },
    ]);
    renderWithClient(<Dashboard artist={artist} />);
    const notices = await screen.findByRole('region', { name: 'Changes to our terms' });
    expect(within(notices).getByText(/We updated the Artist License Agreement on June 1, 2026\./)).toBeInTheDocument();
    expect(within(notices).getByRole('link', { name: /Read the Artist License Agreement/ })).toHaveAttribute(
      'href',
      '/main/#/user-license-agreement',
    );
    expect(screen.getByRole('heading', { name: 'Status: Active' })).toBeInTheDocument();
  });
});
