import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { areaPages } from './area-pages';
import { precompress } from './precompress';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
/**
 * React Router's package points every import at its development build (the same code with its dev warnings
 * switched on); the build takes its production build, which the minifier trims (0.6 KB gzipped, decision 0035).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Chunks by who loads them at once (decision 0044). Left to itself the bundler gives every set of pages that
 * shares modules a chunk of its own: the fans' pages loaded 26 scripts and 7 style sheets, most under 2 KB,
 * and over HTTP/1.1 (six connections) each costs a round trip. These groups hold what the pages load together.
 * The landing pages' budget (src/first-load-budget.test.ts) holds them: a module goes in a group only when the
 * pages that load the group load it at once anyway, or it is a few hundred bytes.
 */
/** What nearly every page runs first: the shared messages, the query client, the small UI every area draws. */
const APP_CORE = [
  'packages/shared/src/messages.ts',
  'src/constants.ts',
  'src/api/server-errors.ts',
  'src/ui/spinner.tsx',
  'src/ui/spinner.css',
  'src/ui/button.tsx',
  'src/ui/button.css',
  'src/ui/use-document-title.ts',
  /@tanstack\/(query-core|react-query)\/build\/modern\/(?!(mutationObserver|useMutation)\.js)/,
];
/** What a signed-in page (or the log-in page) needs of the session. */
const SIGNED_IN = [
  'src/api/session.ts',
  'src/ui/return-address.ts',
  '@tanstack/query-core/build/modern/mutationObserver.js',
  '@tanstack/react-query/build/modern/useMutation.js',
];
/** Every signed-in area's frame (header, player, notices of changed terms): the fans', the studio, admin. */
const AREA_FRAME = [
  'packages/shared/src/display.ts',
  /src\/api\/[^/]+\/keys\.ts$/,
  'src/api/documents/get-document.ts',
  'src/api/documents/get-notices.ts',
  'src/features/shells/areas.ts',
  'src/features/shells/shell-header.tsx',
  'src/features/shells/app-shell.tsx',
  'src/features/shells/shells.css',
  'src/player/audio-unlock.ts',
  'src/player/player-context.ts',
  'src/player/player-settings.ts',
  'src/player/player-provider.tsx',
  'src/ui/safe-html.tsx',
  'src/ui/document-notices.tsx',
  'src/ui/document-notices.css',
];
/** What /members/ and /a/{slug} draw first beside src/app/fan-app.tsx: the public frame and the cards. */
const FANS_FIRST_LOAD = [
  'src/features/shells/public-shell.tsx',
  'src/api/songs/get-song-peaks.ts',
  'src/player/waveform.tsx',
  'src/features/discover/download-menu.tsx',
  'src/features/discover/download-menu.css',
  'src/features/discover/cards.tsx',
  'src/features/discover/cards.css',
  'src/features/discover/scroll-memory.ts',
];

/** The form fields and their validation (React Hook Form stays apart: the studio and admin use fields without it). */
const FORM_FIELDS = [
  'packages/shared/src/validation.ts',
  'src/ui/field.tsx',
  'src/ui/field.css',
  'src/ui/text-field.tsx',
  'src/ui/password-field.tsx',
  'src/ui/select-field.tsx',
];
/** What the fan and artist sign-up pages (and the fan sign-up modal) share, and the fan's form. */
const SIGN_UP = [
  /src\/features\/signup\/(profile-image-picker|sign-up-progress|social-sign-up|fan-sign-up-form|account-fields|use-sign-up-submit|links|sign-up-backdrop)\.tsx?$/,
  'src/api/sign-up.ts',
  'src/ui/deferred-resolver.ts',
  'src/ui/date-mask.ts',
  'src/ui/person-fields.tsx',
  'src/ui/gender-buttons.tsx',
  'src/ui/password-hint.tsx',
];

/** The groups' paths that named a module of the build: one that named none is stale (a file renamed or gone). */
const namedModules = new Set<string | RegExp>();

/** A group's test: the module's path (with forward slashes) ends with one of the strings or matches a pattern. */
function endingWithOneOf(paths: (string | RegExp)[]) {
  return (id: string) => {
    const path = id.replaceAll('\\', '/');
    const entry = paths.find((one) => (typeof one === 'string' ? path.endsWith(`/${one}`) : one.test(path)));
    if (entry) namedModules.add(entry);
    return entry !== undefined;
  };
}

/** Fails the build when a group names a module the build does not have, instead of quietly splitting it off. */
function chunkGroupsChecked(): Plugin {
  return {
    name: 'hfm-chunk-groups-checked',
    apply: 'build',
    generateBundle() {
      const stale = [APP_CORE, SIGNED_IN, AREA_FRAME, FANS_FIRST_LOAD, FORM_FIELDS, SIGN_UP]
        .flat()
        .filter((entry) => !namedModules.has(entry));
      if (stale.length > 0) this.error(`chunk groups name modules the build does not have: ${stale.join(', ')}`);
    },
  };
}

export default defineConfig(({ command }) => ({
  // areaPages writes its pages before precompress compresses every text file.
  plugins: [react(), chunkGroupsChecked(), areaPages(), precompress()],
  resolve: {
    alias: [
      { find: '@hfm/shared', replacement: shared },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what each page loads at once (src/first-load-budget.test.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes only the modules it names, not their imports: those stay where the pages that share
          // them load them (with the imports, the fans' group took zod, React Router and TanStack Query's core).
          includeDependenciesRecursively: false,
          groups: [
            // React, its JSX runtime, React DOM and its scheduler: every page loads them all; one chunk, not four.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'app-core', test: endingWithOneOf(APP_CORE) },
            { name: 'signed-in', test: endingWithOneOf(SIGNED_IN) },
            { name: 'area-frame', test: endingWithOneOf(AREA_FRAME) },
            { name: 'fans', test: endingWithOneOf(FANS_FIRST_LOAD) },
            { name: 'form-fields', test: endingWithOneOf(FORM_FIELDS) },
            { name: 'sign-up', test: endingWithOneOf(SIGN_UP) },
          ],
        },
      },
    },
  },
}));
