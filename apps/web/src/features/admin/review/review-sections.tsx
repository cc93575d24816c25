import { Route, Routes } from 'react-router';
import { ArtistReviewScreen } from './artist-review-screen';
import { ArtistsScreen } from './artists-screen';
import { FeaturedScreen } from './featured-screen';
import { SubmissionsScreen } from './submissions-screen';
import './review.css';

/** #/submissions and #/submissions/artist/{id}: pending artists and each one's audition and review. */
export function SubmissionsSection() {
  return (
    <Routes>
      <Route index element={<SubmissionsScreen />} />
      <Route path="artist/:id" element={<ArtistReviewScreen backTo="/submissions" backLabel="Submissions" />} />
    </Routes>
  );
}

/** #/artists and #/artists/{id}: every artist by status and tier, and each one's review. */
export function ArtistsSection() {
  return (
    <Routes>
      <Route index element={<ArtistsScreen />} />
      <Route path=":id" element={<ArtistReviewScreen backTo="/artists" backLabel="Artists" />} />
    </Routes>
  );
}

/** #/featured: the featured order. */
export function FeaturedSection() {
  return <FeaturedScreen />;
}
