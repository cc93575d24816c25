import type { DocumentNotice } from '@hfm/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import { emptyLists, member, sessionRoute } from '../../../test/members';

const changedTerms: DocumentNotice = {
  _id: 'd1',
  id: 'd1',
  key: 'user-terms',
  label: 'User Terms of Use',
  version: 2,
  publishedAt: '2026-03-05T15:00:00.000Z',
  updatedAt: '2026-03-05T15:00:00.000Z',
  showUntil: '2026-04-04T15:00:00.000Z',
  page: '/user-terms',
};

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Member home: the notice of changed terms', () => {
  it('shows a change of the User Terms under the welcome', async () => {
    stubFetch([
      sessionRoute(member()),
      { method: 'GET', path: '/api/bff/members/hero-artist', reply: { body: null } },
      { method: 'GET', path: '/api/playlists/agg/member-home-lists', reply: { body: emptyLists } },
      { method: 'GET', path: '/api/documents/notices', reply: { body: [changedTerms] } },
    ]);
    renderDiscover('/members');
    const notices = await screen.findByRole('region', { name: 'Changes to our terms' });
    expect(within(notices).getByText(/We updated the User Terms of Use on March 5, 2026\./)).toBeInTheDocument();
    expect(within(notices).getByRole('link', { name: /Read the User Terms of Use/ })).toHaveAttribute(
      'href',
      '/main/#/user-terms',
    );
  });
});
