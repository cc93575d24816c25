import { MemoryRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { SessionProfile } from '../api/session';
import { renderWithClient } from './test-utils';
import { AdminLayout } from '../features/admin/admin-app';
import { AdminOptionsProvider } from '../features/admin/admin-options';
import type { AdminSection } from '../features/admin/admin-sections';
import { ArtistsSection, FeaturedSection, SubmissionsSection } from '../features/admin/review/review-sections';

const profile = {
  user: { firstName: 'Ada', name: 'Ada Admin', email: 'ada@example.com', role: 'ADMIN' },
} as unknown as SessionProfile;

const sections: AdminSection[] = [
  { path: 'submissions', label: 'Submissions', element: <SubmissionsSection /> },
  { path: 'artists', label: 'Artists', element: <ArtistsSection /> },
  { path: 'featured', label: 'Featured', element: <FeaturedSection /> },
];

/** The address the admin area shows now (path and query), for tests to read. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The admin area with these screens at `path`, inside the app's providers (a fresh query client, the player) and a toaster. */
export function renderAdmin(path: string) {
  return renderWithClient(
    <>
      <AdminOptionsProvider>
        <MemoryRouter initialEntries={[path]}>
          <AdminLayout profile={profile} sections={sections} />
          <Where />
        </MemoryRouter>
      </AdminOptionsProvider>
      <Toaster />
    </>,
  );
}
