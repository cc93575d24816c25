import { auditionSongsNeeded, RATING_CATEGORIES, type PublicArtist } from '@hfm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type RecordedRequest, type StubRoute } from '../../../test/test-utils';
import { artistFixture, artistPage } from '../../../test/artists';
import { songFixture } from '../../../test/songs';
import { CANCEL_ARTIST_TEXT } from './review-panel';
import { renderAdmin } from '../../../test/admin-review';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const ID = '00000000-0000-4000-8000-0000000000aa';
const songs = [
  songFixture({
    id: '00000000-0000-4000-8000-000000000101',
    title: 'Audition Song',
    plays: 42,
    hifives: 7,
    explicit: true,
  }),
];

/** The artist as saved so far; a PATCH applies its body and answers the result, as the server does. */
function stubArtist(start: PublicArtist, extra: StubRoute[] = []) {
  let artist = start;
  const calls = stubFetch([
    { method: 'GET', path: `/api/artists/${ID}`, reply: () => ({ body: artist }) },
    {
      method: 'PATCH',
      path: `/api/artists/${ID}`,
      reply: (request) => {
        const { isSearchable, ...body } = request.body as Partial<PublicArtist> & {
          isFeatured?: boolean;
          isSearchable?: boolean;
        };
        artist = {
          ...artist,
          ...body,
          ...(body.scoreMatrix ? { totalScore: body.scoreMatrix.reduce((sum, e) => sum + e.score, 0) } : {}),
          ...(body.status === 'ACTIVE' && artist.tier === 'In Review' && !body.tier ? { tier: 'Tier 1' } : {}),
          ...(body.isFeatured === true ? { featuredPosition: 3 } : {}),
          ...(body.isFeatured === false ? { featuredPosition: -1 } : {}),
          ...(isSearchable !== undefined ? { searchStatus: { isSearchable } } : {}),
          updatedAt: new Date(Date.parse(artist.updatedAt) + 1000).toISOString(),
        };
        return { body: artist };
      },
    },
    {
      method: 'GET',
      path: `/api/songs/artist/${ID}?page=1&limit=12`,
      reply: { body: { items: songs, pagination: { page: 1, limit: 12, total: 1, pageCount: 1, hasMore: false } } },
    },
    { method: 'GET', path: /^\/api\/artists\?/, reply: { body: artistPage([]) } },
    ...extra,
  ]);
  return calls;
}
const patches = (calls: RecordedRequest[]) => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

describe('#/submissions/artist/{id}', () => {
  it('shows the artist, its account and dates, and the audition: sanitised bio, photos, songs', async () => {
    stubArtist(
      artistFixture({
        bio: '<p>Loud<script>alert(1)</script> and <em>proud</em></p>',
        photos: ['/media/band-photos/a/1.png', '/media/band-photos/a/2.png'],
      }),
    );
    renderAdmin(`/submissions/artist/${ID}`);
    expect(await screen.findByRole('heading', { name: 'The Test Band', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('tess@band.test')).toHaveAttribute('href', 'mailto:tess@band.test');
    expect(screen.getByText('Tess Band', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('May 1, 2025')).toBeInTheDocument();
    // The sanitiser (DOMPurify) loads lazily: the bio appears once it has.
    await waitFor(() =>
      expect(document.querySelector('.review-bio')!.innerHTML).toBe('<p>Loud and <em>proud</em></p>'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'The Test Band, photo 2 of 2' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo 2 of 2' });
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    const list = await screen.findByRole('table', { name: 'Songs of The Test Band' });
    expect(within(list).getByText('Audition Song')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Play Audition Song' })).toBeEnabled();
  });

  it('shows the admin song columns while the admin options are on', async () => {
    stubArtist(artistFixture());
    renderAdmin(`/submissions/artist/${ID}`);
    const list = await screen.findByRole('table', { name: 'Songs of The Test Band' });
    await within(list).findByText('Audition Song');
    expect(within(list).getByRole('columnheader', { name: 'Plays' })).toBeInTheDocument();
    expect(within(list).getByText('42')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Admin options' }));
    expect(within(list).queryByRole('columnheader', { name: 'Plays' })).not.toBeInTheDocument();
    expect(within(list).queryByText('42')).not.toBeInTheDocument();
  });

  it('rates the 9 categories 1 to 9 with a live total, and approves: ACTIVE with the scores, toast, back to the list', async () => {
    const calls = stubArtist(artistFixture());
    renderAdmin(`/submissions/artist/${ID}`);
    await screen.findByRole('heading', { name: 'Review' });
    expect(screen.getAllByRole('group')).toHaveLength(RATING_CATEGORIES.length);
    await userEvent.click(screen.getByLabelText('Lead Vocal/Instrument: 7'));
    await userEvent.click(screen.getByLabelText('Following: 9'));
    await userEvent.click(screen.getByLabelText('Following: 4'));
    expect(screen.getByText('Total score', { selector: '.score-matrix__total' })).toHaveTextContent(
      'Total score 11 of 81',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear Following' }));
    expect(document.querySelector('.score-matrix__total')).toHaveTextContent('Total score 7 of 81');
    expect(screen.getByText('Approving moves the artist from In Review to Tier 1.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The Test Band is approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/submissions$/));
    const [approval] = patches(calls);
    expect(approval).toEqual({
      status: 'ACTIVE',
      scoreMatrix: RATING_CATEGORIES.map((label) => ({ label, score: label === 'Lead Vocal/Instrument' ? 7 : 0 })),
    });
    expect(calls.filter((call) => call.path.startsWith('/api/artists?')).length).toBeGreaterThan(0);
  });

  it('saves scores and a chosen tier without approving', async () => {
    const calls = stubArtist(artistFixture({ scoreMatrix: [{ label: 'Presentation', score: 5 }], totalScore: 5 }));
    renderAdmin(`/submissions/artist/${ID}`);
    expect(await screen.findByLabelText('Presentation: 5')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save review' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'Tier 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Review saved.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ tier: 'Tier 2' }]);
    expect(screen.getByTestId('where')).toHaveTextContent(`/submissions/artist/${ID}`);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save review' })).toBeDisabled());
  });

  it('sets an artist inactive and, after a confirmation naming the licence, cancels it', async () => {
    const calls = stubArtist(artistFixture({ status: 'ACTIVE', tier: 'Tier 1', searchStatus: { isSearchable: true } }));
    renderAdmin(`/artists/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Set Inactive' }));
    expect(await screen.findByText('The Test Band is inactive.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set Active' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel artist' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel The Test Band?' });
    expect(dialog).toHaveTextContent(CANCEL_ARTIST_TEXT);
    expect(CANCEL_ARTIST_TEXT).toMatch(/terminates the artist’s licence/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep artist' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel artist' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel artist' }));
    expect(await screen.findByText('The Test Band is cancelled.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ status: 'INACTIVE' }, { status: 'CANCELLED' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel artist' })).not.toBeInTheDocument());
  });

  it('shows the server’s refusal and stays', async () => {
    stubFetch([
      { method: 'GET', path: `/api/artists/${ID}`, reply: { body: artistFixture() } },
      {
        method: 'PATCH',
        path: `/api/artists/${ID}`,
        reply: error(503, 'UNAVAILABLE', 'Please try again in a minute.'),
      },
      {
        method: 'GET',
        path: /^\/api\/songs\/artist\//,
        reply: { body: { items: [], pagination: artistPage([]).pagination } },
      },
    ]);
    renderAdmin(`/submissions/artist/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Please try again in a minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByTestId('where')).toHaveTextContent(`/submissions/artist/${ID}`);
  });

  it('explains, beside a disabled Approve, that approval needs a ready audition song', async () => {
    const calls = stubArtist(artistFixture({ readySongs: 0 }));
    renderAdmin(`/submissions/artist/${ID}`);
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(auditionSongsNeeded);
    expect(screen.getByRole('note')).toHaveTextContent(auditionSongsNeeded);
    expect(screen.getByRole('button', { name: 'Set Inactive' })).toBeEnabled();
    expect(patches(calls)).toEqual([]);
  });

  it('shows the server’s 409 when the audition song went away meanwhile, and stays', async () => {
    stubFetch([
      { method: 'GET', path: `/api/artists/${ID}`, reply: { body: artistFixture() } },
      { method: 'PATCH', path: `/api/artists/${ID}`, reply: error(409, 'CONFLICT', auditionSongsNeeded) },
      {
        method: 'GET',
        path: /^\/api\/songs\/artist\//,
        reply: { body: { items: [], pagination: artistPage([]).pagination } },
      },
    ]);
    renderAdmin(`/submissions/artist/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(auditionSongsNeeded)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/submissions/artist/${ID}`);
  });

  it('toggles searchability of an approved artist at once', async () => {
    const calls = stubArtist(artistFixture({ status: 'ACTIVE', tier: 'Tier 1', searchStatus: { isSearchable: true } }));
    renderAdmin(`/artists/${ID}`);
    const toggle = await screen.findByRole('switch', { name: 'Searchable' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('The Test Band is hidden from search.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ isSearchable: false }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Searchable' })).not.toBeChecked());
  });

  it('features an ACTIVE artist, makes it the hero, saves its featured bio, and takes it out again', async () => {
    const calls = stubArtist(artistFixture({ status: 'ACTIVE', tier: 'Tier 1' }));
    renderAdmin(`/artists/${ID}`);
    expect(await screen.findByText('Not featured')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('Featured #4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make hero' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Featured bio' }), '  Our pick.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save featured bio' }));
    expect(await screen.findByText('Featured bio saved.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove from featured' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: /^Remove .* from featured\?/ })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Not featured')).toBeInTheDocument();
    expect(patches(calls)).toEqual([
      { isFeatured: true },
      { featuredPosition: 0 },
      { featuredBio: 'Our pick.' },
      { isFeatured: false },
    ]);
  });

  it('offers no featuring for an artist that is not ACTIVE', async () => {
    stubArtist(artistFixture());
    renderAdmin(`/submissions/artist/${ID}`);
    expect(await screen.findByText('Only ACTIVE artists can be featured.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Feature' })).not.toBeInTheDocument();
  });

  it('says so for an unknown artist', async () => {
    stubFetch([{ method: 'GET', path: `/api/artists/${ID}`, reply: error(404, 'NOT_FOUND', 'No such artist.') }]);
    renderAdmin(`/submissions/artist/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such artist.');
    expect(screen.getByRole('link', { name: '← Submissions' })).toBeInTheDocument();
  });
});
