/** The artists module's public face: what other modules, the app, the seed and the CLI may use. */
export { artistImagesRoutes } from './artist-images.routes.js';
export { artistNameOf } from './artist-name.js';
export { artistPicture } from './artist-picture.js';
export { photoFolder } from './artist-images.service.js';
export {
  type ArtistOfUser,
  countArtistsInGenre,
  findArtistIdOfUser,
  findArtistsByIds,
  findArtistsOfUsers,
  moveArtistsToGenre,
} from './artist-lookups.js';
export { lockArtistHiFives, setArtistHiFiveCount } from './artists.counters.js';
export { registerArtistJobs } from './artists.jobs.js';
export { bannerImagePath, mediaPath } from './artists.presenter.js';
export { artistsRoutes } from './artists.routes.js';
export {
  type ArtistRow,
  type NewArtist,
  bannerImageKey,
  createArtistAccount,
  findArtistById,
  findArtistByUserId,
  findPublicArtistByUserId,
  setPaymentServiceId,
} from './artists.service.js';
export { featuredRoutes } from './featured.routes.js';
export { registerTerminationJobs } from './termination.jobs.js';
export { terminationRoutes } from './termination.routes.js';
