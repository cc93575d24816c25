import { documentMessages, type DocumentSummary, type PublicDocument } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type StubRoute } from '../../../test/test-utils';
import { renderAdminScreen } from '../../../test/admin';
import DocumentsScreen from './documents-screen';

function summary(key: DocumentSummary['key'], label: string, page: string, version = 1): DocumentSummary {
  return {
    _id: `d-${key}`,
    id: `d-${key}`,
    key,
    label,
    version,
    publishedAt: '2026-02-10T12:00:00.000Z',
    updatedAt: '2026-02-10T12:00:00.000Z',
    page,
  };
}

const userTerms = summary('user-terms', 'User Terms of Use', '/user-terms', 2);
const privacy = summary('privacy-policy', 'Privacy Policy', '/user-privacy-policy');
const content = '<p>Intro.</p><h2 id="userGuidelines">User guidelines</h2><p>Be kind.</p>';
const document = (base: DocumentSummary, change: Partial<PublicDocument> = {}): PublicDocument => ({
  ...base,
  content,
  ...change,
});

const versionsRoute = (id: string): StubRoute => ({
  method: 'GET',
  path: `/api/documents/${id}/versions`,
  reply: {
    body: [
      {
        version: 2,
        label: 'User Terms of Use',
        publishedAt: '2026-02-10T12:00:00.000Z',
        publishedBy: { id: 'a', name: 'Ada Admin' },
      },
      { version: 1, label: 'User Terms of Use', publishedAt: '2025-04-30T12:00:00.000Z', publishedBy: null },
    ],
  },
});

function renderDocuments(path: string) {
  return renderAdminScreen(
    <Routes>
      <Route path="/documents/*" element={<DocumentsScreen />} />
    </Routes>,
    path,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('#/documents', () => {
  it('lists the documents with their version, and says a change notifies users for 30 days', async () => {
    stubFetch([{ method: 'GET', path: '/api/documents', reply: { body: [userTerms, privacy] } }]);
    renderDocuments('/documents');
    const list = await screen.findByRole('list', { name: 'Documents' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('User Terms of Use');
    expect(items[0]).toHaveTextContent('Version 2, published February 10, 2026');
    expect(items[1]).toHaveTextContent('Version 1, published February 10, 2026');
    expect(screen.getByText(documentMessages.notifies)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: /View page/ })).toHaveAttribute('href', '/main/#/user-terms');
    expect(within(items[0]!).getByRole('link', { name: 'Edit User Terms of Use' })).toHaveAttribute(
      'href',
      '/documents/user-terms',
    );
  });

  it('edits a document in the rich-text editor; Save publishes, and a changed text notifies users', async () => {
    const calls = stubFetch([
      { method: 'GET', path: '/api/documents/user-terms', reply: { body: document(userTerms) } },
      {
        method: 'PATCH',
        path: '/api/documents/d-user-terms',
        reply: (request) => ({
          body: document(userTerms, { label: (request.body as { label: string }).label, version: 3 }),
        }),
      },
      versionsRoute('d-user-terms'),
    ]);
    const user = userEvent.setup({ delay: null });
    renderDocuments('/documents/user-terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Terms of Use' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveTextContent('User guidelines');
    expect(screen.getByRole('button', { name: 'Section heading' })).toBeInTheDocument();
    expect(screen.getByText(documentMessages.notifies)).toBeInTheDocument();
    const versions = await screen.findByRole('list', { name: 'Published versions' });
    expect(
      within(versions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['v2 February 10, 2026 · by Ada Admin', 'v1 April 30, 2025 · first published']);

    const save = screen.getByRole('button', { name: 'Save and publish' });
    expect(save).toBeDisabled();
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Terms of Use for Fans');
    await user.click(save);
    expect(await screen.findByText(documentMessages.savedAndNotified)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/documents/d-user-terms',
      body: { label: 'Terms of Use for Fans', content },
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use for Fans' })).toBeInTheDocument(),
    );
  });

  it('a failed save says “Error saving document!” and keeps the edit', async () => {
    stubFetch([
      { method: 'GET', path: '/api/documents/privacy-policy', reply: { body: document(privacy) } },
      {
        method: 'PATCH',
        path: '/api/documents/d-privacy-policy',
        reply: error(409, 'CONFLICT', documentMessages.labelTaken),
      },
      versionsRoute('d-privacy-policy'),
    ]);
    const user = userEvent.setup({ delay: null });
    renderDocuments('/documents/privacy-policy');
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'User Terms of Use');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText(documentMessages.errorSaving)).toBeInTheDocument();
    expect(screen.getByText(documentMessages.labelTaken)).toBeInTheDocument();
    expect(title).toHaveValue('User Terms of Use');
  });

  it('an unknown document says so', async () => {
    stubFetch([{ method: 'GET', path: '/api/documents/cookies', reply: error(404, 'NOT_FOUND', 'No such document.') }]);
    renderDocuments('/documents/cookies');
    expect(await screen.findByRole('alert')).toHaveTextContent(documentMessages.noSuchDocument);
  });
});
