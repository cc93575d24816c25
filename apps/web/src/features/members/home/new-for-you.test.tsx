import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubRoute } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import { hero, lists, member, sessionRoute, songs, summary, ARTIST_ID } from '../../../test/members';

const routes = (fresh: StubRoute['reply']): StubRoute[] => [
  sessionRoute(member()),
  { method: 'GET', path: '/api/bff/members/hero-artist', reply: { body: hero } },
  { method: 'GET', path: `/api/bff/members/artist-summary/${ARTIST_ID}`, reply: { body: summary } },
  { method: 'GET', path: '/api/playlists/agg/member-home-lists', reply: { body: lists } },
  { method: 'GET', path: '/api/releases/new', reply: fresh },
];

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('New for you', () => {
  it("leads member home with the unheard releases of the fan's artists", async () => {
    const released = new Date().toISOString();
    stubFetch(
      routes({
        body: {
          items: [
            { ...songs.feeling, releasedAt: released },
            { ...songs.sinnerman, releasedAt: released },
          ],
          count: 3,
        },
      }),
    );
    renderDiscover('/members');
    const heading = await screen.findByRole('heading', { level: 2, name: /New for you/ });
    expect(heading).toHaveTextContent('New for you 3');
    const row = screen.getByRole('list', { name: 'New for you' });
    expect(within(row).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('and 1 more')).toBeInTheDocument();
    // It comes before the featured artist.
    const featured = await screen.findByRole('heading', { level: 2, name: 'Nina Simone' });
    expect(heading.compareDocumentPosition(featured) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is left out when there is nothing new', async () => {
    stubFetch(routes({ body: { items: [], count: 0 } }));
    renderDiscover('/members');
    expect(await screen.findByRole('heading', { level: 2, name: 'Nina Simone' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /New for you/ })).not.toBeInTheDocument();
  });
});
