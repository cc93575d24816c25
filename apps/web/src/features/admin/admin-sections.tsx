import type { ReactNode } from 'react';
import { PlaylistsSection } from './playlists/playlists-section';
import { RevenueScreen } from './revenue/revenue-screen';
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

export const ADMIN_SECTIONS: AdminSection[] = [
  { path: 'submissions', label: 'Submissions', element: <SubmissionsSection /> },
  { path: 'artists', label: 'Artists', element: <ArtistsSection /> },
  { path: 'featured', label: 'Featured', element: <FeaturedSection /> },
  { path: 'playlists', label: 'Playlists', element: <PlaylistsSection /> },
  { path: 'revenue', label: 'Revenue', element: <RevenueScreen /> },
];
