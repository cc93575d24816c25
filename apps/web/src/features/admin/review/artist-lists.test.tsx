import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type RecordedRequest } from '../../../test/test-utils';
import { artistFixture, artistPage } from '../../../test/artists';
import { renderAdmin } from '../../../test/admin-review';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const pending = [
  artistFixture({ id: '00000000-0000-4000-8000-000000000001', name: 'Newest Band', totalScore: 12 }),
  artistFixture({ id: '00000000-0000-4000-8000-000000000002', name: 'Older Band', genre: null }),
];
const lists = (calls: RecordedRequest[]) =>
  calls.filter((call) => call.path.startsWith('/api/artists?')).map((call) => call.path);
const where = () => screen.getByTestId('where').textContent;

describe('#/submissions', () => {
  it('lists pending artists newest first and opens one’s review', async () => {
    const calls = stubFetch([{ method: 'GET', path: /^\/api\/artists\?/, reply: { body: artistPage(pending) } }]);
    renderAdmin('/submissions');
    const table = await screen.findByRole('table', { name: 'Pending artists' });
    expect(lists(calls)).toEqual(['/api/artists?page=1&limit=12&status=PENDING&sort=createdAt&order=desc']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      'Newest Bandtess@band.testPending',
      'Older Bandtess@band.testPending',
    ]);
    expect(within(rows[0]!).getByText('12')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('In Review')).toBeInTheDocument();
    expect(screen.getByText('2 artists')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('link', { name: 'Older Band' }));
    expect(where()).toBe('/submissions/artist/00000000-0000-4000-8000-000000000002');
  });

  it('searches by name or email and sorts by total score, keeping both in the address', async () => {
    const calls = stubFetch([{ method: 'GET', path: /^\/api\/artists\?/, reply: { body: artistPage(pending) } }]);
    renderAdmin('/submissions');
    await screen.findByRole('table', { name: 'Pending artists' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search submissions' }), '  tess@  ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lists(calls).at(-1)).toBe(
        '/api/artists?page=1&limit=12&status=PENDING&search=tess%40&sort=createdAt&order=desc',
      ),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Total score, highest first');
    await waitFor(() =>
      expect(lists(calls).at(-1)).toBe(
        '/api/artists?page=1&limit=12&status=PENDING&search=tess%40&sort=totalScore&order=desc',
      ),
    );
    expect(where()).toBe('/submissions?search=tess%40&sort=totalScore%3Adesc');
  });

  it('pages through the list', async () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      artistFixture({
        id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
        name: `Band ${index}`,
      }),
    );
    const calls = stubFetch([
      {
        method: 'GET',
        path: /^\/api\/artists\?page=1&/,
        reply: { body: artistPage(many, 1, 13) },
      },
      {
        method: 'GET',
        path: /^\/api\/artists\?page=2&/,
        reply: { body: artistPage([artistFixture({ name: 'Band 12' })], 2, 13) },
      },
    ]);
    renderAdmin('/submissions');
    await screen.findByText('Band 0');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Band 12')).toBeInTheDocument();
    expect(lists(calls).at(-1)).toBe('/api/artists?page=2&limit=12&status=PENDING&sort=createdAt&order=desc');
    expect(where()).toBe('/submissions?page=2');
  });

  it('says when nobody is waiting, and offers a retry after an error', async () => {
    let fail = true;
    stubFetch([
      {
        method: 'GET',
        path: /^\/api\/artists\?/,
        reply: () => (fail ? error(500, 'INTERNAL', 'Something went wrong on our side.') : { body: artistPage([]) }),
      },
    ]);
    renderAdmin('/submissions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No artists are waiting for review.')).toBeInTheDocument();
  });
});

describe('#/artists', () => {
  it('filters by tier Tier 1 and status ACTIVE by default, and by any tier and status chosen', async () => {
    const active = artistFixture({ status: 'ACTIVE', tier: 'Tier 1', featuredPosition: 2, name: 'Live Band' });
    const calls = stubFetch([{ method: 'GET', path: /^\/api\/artists\?/, reply: { body: artistPage([active]) } }]);
    renderAdmin('/artists');
    const table = await screen.findByRole('table', { name: 'Artists' });
    expect(lists(calls)).toEqual(['/api/artists?page=1&limit=12&status=ACTIVE&tier=Tier+1&sort=createdAt&order=desc']);
    expect(within(table).getByText('Yes, #3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('ACTIVE');
    expect(screen.getByRole('combobox', { name: 'Tier' })).toHaveValue('Tier 1');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'All tiers');
    await waitFor(() =>
      expect(lists(calls).at(-1)).toBe('/api/artists?page=1&limit=12&status=ACTIVE&sort=createdAt&order=desc'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name, A to Z');
    await waitFor(() =>
      expect(lists(calls).at(-1)).toBe('/api/artists?page=1&limit=12&status=INACTIVE&sort=name&order=asc'),
    );
    expect(where()).toBe('/artists?sort=name%3Aasc&status=INACTIVE&tier=all');
    await userEvent.click(within(table).getByRole('link', { name: 'Live Band' }));
    expect(where()).toBe(`/artists/${active.id}`);
  });

  it('reads its filters from the address', async () => {
    const calls = stubFetch([{ method: 'GET', path: /^\/api\/artists\?/, reply: { body: artistPage([]) } }]);
    renderAdmin('/artists?status=all&tier=Tier%203&sort=totalScore:asc&page=3&search=Echo');
    expect(await screen.findByText('No artist matches these filters.')).toBeInTheDocument();
    expect(lists(calls)).toEqual(['/api/artists?page=3&limit=12&tier=Tier+3&search=Echo&sort=totalScore&order=asc']);
    expect(screen.getByRole('searchbox', { name: 'Search artists' })).toHaveValue('Echo');
  });
});
