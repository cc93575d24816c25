/** The access module's public face: what other modules, the app, the seed and the CLI may use. */
export {
  checkAccess,
  countReadySongs,
  preparedSongPermissions,
  requireAccess,
  requireAdmin,
  requireArtistSeen,
  requireArtistSongScope,
  requireArtistToManage,
  requirePayer,
  requireSelf,
  requireSignedIn,
  songPermissionCondition,
  visibleAlbums,
  visibleSongs,
} from './access.service.js';
export type { ArtistSongScope, PreparedSongPermissions } from './access.service.js';
export { mayManageLoadedArtist, mayViewLoadedArtist } from './access.policy.js';
export { curatedSongColumns } from './curated.js';
export { type Actor, isAdmin } from './permissions.js';
export { artistIsActive, releaseHasCome, releasedSong, songIsOut } from './released.js';
export { registerRouteAccess } from './route-access.js';
