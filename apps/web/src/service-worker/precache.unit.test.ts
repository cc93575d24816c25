import { describe, expect, it } from 'vitest';
import { OFFLINE_MODULES, precacheFiles, type ManifestChunk } from '../../service-worker-build';

/**
 * A small build as dist/.vite/manifest.json describes it: the entry, two areas, lazy pages and libraries. The
 * lazy imports (`dynamicImports`), followed, would bring in every page.
 */
const MANIFEST: Record<string, ManifestChunk> = {
  'index.html': {
    file: 'assets/index-1.js',
    imports: ['_react-1.js'],
    dynamicImports: ['src/app/fan-app.tsx', 'src/app/signed-in-app.tsx'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/app/fan-app.tsx': {
    file: 'assets/fan-app-1.js',
    imports: ['index.html', '_area-frame-1.js', '_fans-1.js'],
    dynamicImports: ['src/features/members/offline/offline-page.tsx', 'src/features/members/search/search-page.tsx'],
    css: ['assets/fan-app-1.css'],
  },
  '_area-frame-1.js': { file: 'assets/area-frame-1.js', imports: ['_react-1.js'] },
  '_fans-1.js': {
    file: 'assets/fans-1.js',
    imports: ['_area-frame-1.js'],
    css: ['assets/fans-1.css'],
    assets: ['assets/font-1.woff2'],
  },
  'src/features/members/offline/offline-page.tsx': {
    file: 'assets/offline-page-1.js',
    imports: ['src/app/fan-app.tsx', '_my-music-1.js'],
  },
  '_my-music-1.js': { file: 'assets/my-music-1.js', css: ['assets/my-music-1.css'] },
  'src/features/members/my-music/my-music-page.tsx': {
    file: 'assets/my-music-page-1.js',
    imports: ['_my-music-1.js'],
  },
  'src/player/player-engine.tsx': {
    file: 'assets/player-engine-1.js',
    imports: ['_area-frame-1.js'],
    dynamicImports: ['../../node_modules/shaka-player/dist/shaka-player.dash.js'],
  },
  '../../node_modules/shaka-player/dist/shaka-player.dash.js': { file: 'assets/shaka-player.dash-1.js' },
  'src/player/full-player.tsx': { file: 'assets/full-player-1.js', css: ['assets/full-player-1.css'] },
  'src/player/queue-panel.tsx': { file: 'assets/queue-panel-1.js', imports: ['_react-1.js'] },
  'src/features/members/search/search-page.tsx': { file: 'assets/search-page-1.js', imports: ['_fans-1.js'] },
  'src/app/signed-in-app.tsx': {
    file: 'assets/signed-in-app-1.js',
    imports: ['index.html'],
    dynamicImports: ['src/features/studio/studio-app.tsx'],
  },
  'src/features/studio/studio-app.tsx': {
    file: 'assets/studio-app-1.js',
    imports: ['_rich-text-1.js', '_area-frame-1.js'],
  },
  '_rich-text-1.js': { file: 'assets/rich-text-1.js', css: ['assets/rich-text-1.css'] },
  'src/components/month-chart.tsx': { file: 'assets/month-chart-1.js' },
};

const SHELL = [
  'favicon.svg',
  'icons/icon-192.png',
  'index.html',
  'manifest.webmanifest',
  'pages/fans.html',
  'pages/signed-in.html',
];
const ASSETS = [...new Set(Object.values(MANIFEST).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]))];
const FILES = [...SHELL, ...ASSETS, 'assets/font-1.woff2', 'assets/unlisted-image.png'].sort();

describe('precacheFiles (what the service worker stores at install)', () => {
  const precache = precacheFiles(FILES, MANIFEST, OFFLINE_MODULES);

  it('stores every file outside assets/: the shell pages, the web manifest, the icons', () => {
    expect(precache).toEqual(expect.arrayContaining(SHELL));
  });

  it("follows the static imports of the entry, the fans' area, the offline pages and the player's panels, with their styles", () => {
    expect(precache.filter((file) => file.startsWith('assets/')).sort()).toEqual(
      [
        'assets/index-1.js',
        'assets/index-1.css',
        'assets/react-1.js',
        'assets/fan-app-1.js',
        'assets/fan-app-1.css',
        'assets/area-frame-1.js',
        'assets/fans-1.js',
        'assets/fans-1.css',
        'assets/font-1.woff2',
        'assets/offline-page-1.js',
        'assets/my-music-1.js',
        'assets/my-music-1.css',
        'assets/my-music-page-1.js',
        'assets/player-engine-1.js',
        'assets/full-player-1.js',
        'assets/full-player-1.css',
        'assets/queue-panel-1.js',
      ].sort(),
    );
  });

  it('leaves out the lazy imports: shaka-player, the other pages, the studio, rich text, charts', () => {
    const left = FILES.filter((file) => !precache.includes(file));
    expect(left).toEqual(
      expect.arrayContaining([
        'assets/shaka-player.dash-1.js',
        'assets/search-page-1.js',
        'assets/signed-in-app-1.js',
        'assets/studio-app-1.js',
        'assets/rich-text-1.js',
        'assets/rich-text-1.css',
        'assets/month-chart-1.js',
        'assets/unlisted-image.png',
      ]),
    );
  });

  it("keeps the order of the build's file list and names no file twice", () => {
    expect(precache).toEqual(FILES.filter((file) => precache.includes(file)));
    expect(new Set(precache).size).toBe(precache.length);
  });

  it('fails the build when a module it needs is not a chunk of the build', () => {
    expect(() => precacheFiles(FILES, MANIFEST, [...OFFLINE_MODULES, 'src/gone.tsx'])).toThrow(
      'src/gone.tsx is not a chunk of the build',
    );
  });
});
