/** Query keys of releases: New for you (and My Music's badge) and the release mail settings. */
export const releaseKeys = {
  all: ['releases'] as const,
  newReleases: ['releases', 'new'] as const,
  settings: ['releases', 'settings'] as const,
};
