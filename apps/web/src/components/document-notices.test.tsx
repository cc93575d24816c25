import type { DocumentNotice } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch } from '../test/test-utils';
import { DocumentNotices } from './document-notices';

export function notice(change: Partial<DocumentNotice> = {}): DocumentNotice {
  return {
    _id: 'd-terms',
    id: 'd-terms',
    key: 'user-terms',
    label: 'User Terms of Use',
    version: 2,
    publishedAt: '2026-03-05T15:00:00.000Z',
    updatedAt: '2026-03-05T15:00:00.000Z',
    showUntil: '2026-04-04T15:00:00.000Z',
    page: '/user-terms',
    ...change,
  };
}

const licence = notice({
  _id: 'd-licence',
  id: 'd-licence',
  key: 'license-agreement',
  label: 'Artist License Agreement',
  page: '/user-license-agreement',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the notice of changed terms', () => {
  it('says what changed and when, with a link to read it', async () => {
    stubFetch([{ method: 'GET', path: '/api/documents/notices', reply: { body: [notice(), licence] } }]);
    renderWithClient(<DocumentNotices />);
    const terms = await screen.findByText(/We updated the User Terms of Use on March 5, 2026\./);
    expect(terms).toBeInTheDocument();
    expect(screen.getByText(/We updated the Artist License Agreement on March 5, 2026\./)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Read the User Terms of Use (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/main/#/user-terms');
    expect(screen.getByRole('region', { name: 'Changes to our terms' })).toBeInTheDocument();
  });

  it('can be hidden for this session only; a later change shows again', async () => {
    const calls = stubFetch([{ method: 'GET', path: '/api/documents/notices', reply: { body: [notice()] } }]);
    const user = userEvent.setup();
    renderWithClient(<DocumentNotices />);
    await user.click(
      await screen.findByRole('button', { name: 'Hide the notice about the User Terms of Use until you next sign in' }),
    );
    expect(screen.queryByText(/We updated/)).toBeNull();
    expect(JSON.parse(window.sessionStorage.getItem('hfm.hidden-document-notices')!)).toEqual(['d-terms:2']);

    cleanup();
    renderWithClient(<DocumentNotices />);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.queryByText(/We updated/)).toBeNull();

    cleanup();
    stubFetch([{ method: 'GET', path: '/api/documents/notices', reply: { body: [notice({ version: 3 })] } }]);
    renderWithClient(<DocumentNotices />);
    expect(await screen.findByText(/We updated the User Terms of Use/)).toBeInTheDocument();
  });

  it('shows nothing when there is no change, or when the notices cannot be loaded', async () => {
    const calls = stubFetch([{ method: 'GET', path: '/api/documents/notices', reply: { body: [] } }]);
    renderWithClient(<DocumentNotices />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();

    const failed = stubFetch([
      { method: 'GET', path: '/api/documents/notices', reply: error(500, 'INTERNAL', 'Down.') },
    ]);
    renderWithClient(<DocumentNotices />);
    await waitFor(() => expect(failed).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/We updated/)).toBeNull();
  });
});
