import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useParams, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionProfile } from '../../api/session';
import { AdminLayout } from './admin-app';
import { AdminOptionsProvider, useAdminOptions } from './admin-options';
import type { AdminSection } from './admin-sections';

const profile = {
  user: { firstName: 'Ada', name: 'Ada Admin', email: 'ada@example.com', role: 'ADMIN' },
} as unknown as SessionProfile;

function OptionsProbe() {
  return <p>{useAdminOptions().showAdminOptions ? 'options shown' : 'options hidden'}</p>;
}

function Detail() {
  return <p>artist {useParams().id}</p>;
}

const sections: AdminSection[] = [
  {
    path: 'submissions',
    label: 'Submissions',
    element: (
      <Routes>
        <Route index element={<h1>Pending artists</h1>} />
        <Route path="artist/:id" element={<Detail />} />
      </Routes>
    ),
  },
  { path: 'genres', label: 'Genres', element: <OptionsProbe /> },
];

function renderAt(path: string, list = sections) {
  return render(
    <AdminOptionsProvider>
      <MemoryRouter initialEntries={[path]}>
        <AdminLayout profile={profile} sections={list} />
      </MemoryRouter>
    </AdminOptionsProvider>,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the admin area', () => {
  it('opens the first section at #/ and names it in the title', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Pending artists' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submissions' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Submissions · Admin · HFM');
  });

  it('routes a section’s own screens (#/submissions/artist/{id})', () => {
    renderAt('/submissions/artist/a-1');
    expect(screen.getByText('artist a-1')).toBeInTheDocument();
  });

  it('moves between sections from the navigation', async () => {
    renderAt('/submissions');
    await userEvent.click(screen.getByRole('link', { name: 'Genres' }));
    expect(screen.getByText('options shown')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Genres' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so for an address that is no admin page', () => {
    renderAt('/nowhere');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('welcomes the admin while no section exists', () => {
    renderAt('/', []);
    expect(screen.getByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
  });

  it('turns the admin options off and remembers it', async () => {
    renderAt('/genres');
    const toggle = screen.getByRole('switch', { name: 'Admin options' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(screen.getByText('options hidden')).toBeInTheDocument();
    cleanup();
    renderAt('/genres');
    expect(screen.getByRole('switch', { name: 'Admin options' })).not.toBeChecked();
    expect(screen.getByText('options hidden')).toBeInTheDocument();
  });
});
