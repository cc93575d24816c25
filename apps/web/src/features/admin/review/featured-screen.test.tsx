import type { PublicArtist } from '@hfm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type StubRoute } from '../../../test/test-utils';
import { artistFixture, artistPage } from '../../../test/artists';
import { initials } from './featured-row';
import { renderAdmin } from '../../../test/admin-review';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const active = (n: number, name: string, change: Partial<PublicArtist> = {}) =>
  artistFixture({ id: id(n), name, status: 'ACTIVE', tier: 'Tier 1', ...change });

/** The server's featured order, changed by the stubbed PATCH, swap and order calls as the server would. */
function stubFeatured(names: string[], others: PublicArtist[] = [], extra: StubRoute[] = []) {
  let order = names.map((name, index) =>
    active(index + 1, name, { isFeatured: true, featuredPosition: index, featuredBio: `${name} bio` }),
  );
  const renumber = () => (order = order.map((artist, index) => ({ ...artist, featuredPosition: index })));
  // The featured list shows each artist's picture as fans see it: none in these artists.
  const answer = () => ({ body: { items: order.map((artist) => ({ picture: null, ...artist })) } });
  const calls = stubFetch([
    ...extra,
    { method: 'GET', path: '/api/artists/featured', reply: answer },
    {
      method: 'PATCH',
      path: /^\/api\/artists\//,
      reply: (request) => {
        const artistId = request.path.split('/').at(-1)!;
        const body = request.body as { isFeatured?: boolean; featuredPosition?: number; featuredBio?: string };
        const current = order.find((artist) => artist.id === artistId) ?? others.find((a) => a.id === artistId)!;
        let changed = { ...current, ...(body.featuredBio !== undefined ? { featuredBio: body.featuredBio } : {}) };
        order = order.filter((artist) => artist.id !== artistId);
        if (body.isFeatured === false) changed = { ...changed, isFeatured: false, featuredPosition: -1 };
        else if (body.featuredPosition === 0) order.unshift(changed);
        else if (body.isFeatured === true || current.featuredPosition >= 0) order.push(changed);
        renumber();
        return { body: order.find((artist) => artist.id === artistId) ?? changed };
      },
    },
    {
      method: 'POST',
      path: '/api/artists/featured/swap',
      reply: (request) => {
        const { removeID, addID } = request.body as { removeID: string; addID: string };
        const added = others.find((artist) => artist.id === addID)!;
        order = order.map((artist) => (artist.id === removeID ? { ...added, isFeatured: true } : artist));
        renumber();
        return answer();
      },
    },
    {
      method: 'PUT',
      path: '/api/artists/featured/order',
      reply: (request) => {
        const { ids } = request.body as { ids: string[] };
        order = ids.map((artistId) => order.find((artist) => artist.id === artistId)!);
        renumber();
        return answer();
      },
    },
    {
      method: 'GET',
      path: /^\/api\/artists\?/,
      reply: (request) => ({
        body: artistPage(
          [...order, ...others.filter((other) => !order.some((artist) => artist.id === other.id))].filter((artist) =>
            artist.name.toLowerCase().includes(new URL(request.path, 'http://x').searchParams.get('search') ?? ''),
          ),
        ),
      }),
    },
  ]);
  return calls;
}

const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Featured order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.featured-row__name a')?.textContent);

/** jsdom has no layout: each featured row gets a place in a column so the keyboard sensor can move between them. */
function layOutRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('[data-artist-id]');
    if (!item?.parentElement) return original.call(this);
    const top = [...item.parentElement.children].indexOf(item) * 90;
    return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 80, width: 600, height: 80, toJSON: () => ({}) };
  });
}

describe('#/featured', () => {
  it('shows the featured order with the hero artist first and each featured bio', async () => {
    stubFeatured(['Alpha', 'Bravo', 'Charlie']);
    renderAdmin('/featured');
    await screen.findByRole('list', { name: 'Featured order' });
    expect(shownOrder()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Hero artist')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Make hero: Alpha' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Bravo bio')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Bravo' })).toHaveAttribute('href', `/artists/${id(2)}`);
  });

  it('shows each artist’s picture as fans see it (the profile image, else the first audition photo)', async () => {
    const chosen = {
      ...active(1, 'Alpha', { photos: ['/media/band-photos/a/1.png'] }),
      picture: '/media/profile-images/u/face.png',
    };
    const photosOnly = {
      ...active(2, 'Bravo', { photos: ['/media/band-photos/b/1.png'] }),
      picture: '/media/band-photos/b/1.png',
    };
    const bare = { ...active(3, 'Charlie Delta', { photos: [] }), picture: null };
    stubFetch([
      { method: 'GET', path: '/api/artists/featured', reply: { body: { items: [chosen, photosOnly, bare] } } },
    ]);
    renderAdmin('/featured');
    await screen.findByRole('list', { name: 'Featured order' });
    const rows = screen.getAllByRole('listitem');
    const picture = (row: HTMLElement) => row.querySelector('.featured-row__picture');
    expect(picture(rows[0]!)).toHaveAttribute('src', '/media/profile-images/u/face.png');
    expect(picture(rows[1]!)).toHaveAttribute('src', '/media/band-photos/b/1.png');
    expect(picture(rows[2]!)).toHaveTextContent('CD');
  });

  it('says when nobody is featured', async () => {
    stubFeatured([]);
    renderAdmin('/featured');
    expect(await screen.findByText('No artist is featured. Add one below.')).toBeInTheDocument();
  });

  it('makes an artist the hero and removes another (the others close up)', async () => {
    const calls = stubFeatured(['Alpha', 'Bravo', 'Charlie']);
    renderAdmin('/featured');
    await userEvent.click(await screen.findByRole('button', { name: 'Make hero: Charlie' }));
    expect(await screen.findByText('Charlie is the hero artist.')).toBeInTheDocument();
    await waitFor(() => expect(shownOrder()).toEqual(['Charlie', 'Alpha', 'Bravo']));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Alpha from featured' }));
    const question = screen.getByRole('alertdialog', { name: 'Remove Alpha from featured?' });
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    await userEvent.click(within(question).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(shownOrder()).toEqual(['Charlie', 'Bravo']));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body])).toEqual([
      [`/api/artists/${id(3)}`, { featuredPosition: 0 }],
      [`/api/artists/${id(1)}`, { isFeatured: false }],
    ]);
  });

  it('asks before the hero leaves the featured list, and Cancel keeps it', async () => {
    const calls = stubFeatured(['Alpha', 'Bravo']);
    renderAdmin('/featured');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Alpha from featured' }));
    const question = screen.getByRole('alertdialog', {
      name: 'Remove Alpha, the hero artist, from featured? The next artist becomes the hero.',
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(shownOrder()).toEqual(['Alpha', 'Bravo']);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('reorders with the keyboard and saves the whole order', async () => {
    layOutRows();
    const calls = stubFeatured(['Alpha', 'Bravo', 'Charlie']);
    renderAdmin('/featured');
    (await screen.findByRole('button', { name: 'Move Alpha' })).focus();
    const said = () => screen.getByText(/^(Picked up|Alpha)/, { selector: '[role="status"]' });
    await userEvent.keyboard('[Space]');
    expect(said()).toHaveTextContent('Picked up Alpha.');
    await userEvent.keyboard('[ArrowDown]');
    expect(said()).toHaveTextContent('Alpha is over position 2.');
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(shownOrder()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/artists/featured/order', body: { ids: [id(2), id(1), id(3)] } });
  });

  it('puts the order back when the server refuses it', async () => {
    layOutRows();
    stubFeatured(
      ['Alpha', 'Bravo'],
      [],
      [
        {
          method: 'PUT',
          path: '/api/artists/featured/order',
          reply: error(409, 'CONFLICT', 'The featured artists have changed. Reload them and try again.'),
        },
      ],
    );
    renderAdmin('/featured');
    (await screen.findByRole('button', { name: 'Move Alpha' })).focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Space]');
    expect(
      await screen.findByText('The featured artists have changed. Reload them and try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(shownOrder()).toEqual(['Alpha', 'Bravo']));
  });

  it('swaps an artist for an ACTIVE one found by search: it takes the same place', async () => {
    const delta = active(4, 'Delta');
    const calls = stubFeatured(['Alpha', 'Bravo', 'Charlie'], [delta]);
    renderAdmin('/featured');
    await userEvent.click(await screen.findByRole('button', { name: 'Swap Bravo' }));
    const dialog = screen.getByRole('dialog', { name: 'Swap Bravo' });
    expect(dialog).toHaveTextContent('The artist you pick takes #2 and Bravo leaves the featured order.');
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Find an ACTIVE artist to swap in' }), 'a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Delta')).toBeInTheDocument();
    // Featured artists are found too, but cannot be swapped in.
    const alpha = within(dialog).getByText('Alpha').closest('li')!;
    expect(within(alpha).getByText('Featured')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Swap in Delta' }));
    expect(await screen.findByText('Delta takes the place of Bravo.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(shownOrder()).toEqual(['Alpha', 'Delta', 'Charlie']));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ removeID: id(2), addID: id(4) });
    expect(calls.find((call) => call.path.startsWith('/api/artists?'))?.path).toBe(
      '/api/artists?page=1&limit=6&status=ACTIVE&search=a&sort=name&order=asc',
    );
  });

  it('adds an ACTIVE artist found by search at the end, and edits a featured bio', async () => {
    const echo = active(5, 'Echo');
    const calls = stubFeatured(['Alpha'], [echo]);
    renderAdmin('/featured');
    await screen.findByRole('list', { name: 'Featured order' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find an ACTIVE artist' }), 'echo');
    await userEvent.click(screen.getAllByRole('button', { name: 'Search' }).at(-1)!);
    await userEvent.click(await screen.findByRole('button', { name: 'Feature Echo' }));
    expect(await screen.findByText('Echo is featured.')).toBeInTheDocument();
    await waitFor(() => expect(shownOrder()).toEqual(['Alpha', 'Echo']));

    await userEvent.click(screen.getByRole('button', { name: 'Edit the featured bio of Echo' }));
    const field = screen.getByRole('textbox', { name: 'Featured bio of Echo' });
    await userEvent.type(field, 'Fresh and loud.');
    await userEvent.click(screen.getByRole('button', { name: 'Save featured bio' }));
    expect(await screen.findByText('Featured bio saved.')).toBeInTheDocument();
    expect(await screen.findByText('Fresh and loud.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { isFeatured: true },
      { featuredBio: 'Fresh and loud.' },
    ]);
  });
});

describe('initials', () => {
  it.each([
    ['The Solar Vandals', 'SV'],
    ['garden parade', 'GP'],
    ['Björk', 'B'],
    ['!!!', ''],
  ])('%s -> %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
