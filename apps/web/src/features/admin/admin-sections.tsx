import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { messages } from '@hfm/shared';
import { ArtistsSection, FeaturedSection, SubmissionsSection } from './review/review-sections';

/**
 * The admin area's sections, in the order its navigation shows them. Each is a hash path under /admin/
 * (`/admin/#/submissions`) with the screen it shows; a section may have screens below it
 * (`#/submissions/artist/{id}`), which its own element routes with `<Routes>`.
 */
export interface AdminSection {
  /** The path below `#/`, without slashes: `submissions`. */
  path: string;
  label: string;
  element: ReactNode;
}

/** A section's screen, loaded when first opened. */
function lazyScreen(Screen: LazyExoticComponent<ComponentType>): ReactNode {
  return (
    <Suspense fallback={<p className="admin-hint">{messages.loading}</p>}>
      <Screen />
    </Suspense>
  );
}

const UsersScreen = lazy(() => import('./users/users-screen'));
const GenresScreen = lazy(() => import('./genres/genres-screen'));
const LabelsScreen = lazy(() => import('./labels/labels-screen'));
const DocumentsScreen = lazy(() => import('./documents/documents-screen'));
const PlaylistsScreen = lazy(() =>
  import('./playlists/playlists-section').then((m) => ({ default: m.PlaylistsSection })),
);
const PayoutsScreen = lazy(() => import('./payouts/payouts-screen').then((m) => ({ default: m.PayoutsScreen })));
const RevenueScreen = lazy(() => import('./revenue/revenue-screen').then((m) => ({ default: m.RevenueScreen })));

export const ADMIN_SECTIONS: AdminSection[] = [
  { path: 'submissions', label: 'Submissions', element: <SubmissionsSection /> },
  { path: 'artists', label: 'Artists', element: <ArtistsSection /> },
  { path: 'featured', label: 'Featured', element: <FeaturedSection /> },
  { path: 'users', label: 'Users', element: lazyScreen(UsersScreen) },
  { path: 'genres', label: 'Genres', element: lazyScreen(GenresScreen) },
  { path: 'labels', label: 'Labels', element: lazyScreen(LabelsScreen) },
  { path: 'playlists', label: 'Playlists', element: lazyScreen(PlaylistsScreen) },
  { path: 'documents', label: 'Documents', element: lazyScreen(DocumentsScreen) },
  { path: 'payouts', label: 'Payouts', element: lazyScreen(PayoutsScreen) },
  { path: 'revenue', label: 'Revenue', element: lazyScreen(RevenueScreen) },
];
