import type { Plugin } from 'vite';

/**
 * Chunks by who loads them at once (decision 0044). Left to itself the bundler gives every set of pages that
 * shares modules a chunk of its own: the fans' pages loaded 26 scripts and 7 style sheets, most under 2 KB,
 * and over HTTP/1.1 (six connections) each costs a round trip. These groups hold what the pages load together.
 * The landing pages' budget (src/first-load-budget.test.ts) holds them: a module goes in a group only when the
 * pages that load the group load it at once anyway, or it is a few hundred bytes.
 */
/** What nearly every page runs first: the shared messages and the small UI every area draws. */
const APP_CORE = [
  'packages/shared/src/messages.ts',
  'src/constants.ts',
  'src/api/server-errors.ts',
  'src/ui/spinner.tsx',
  'src/ui/spinner.css',
  'src/ui/button.tsx',
  'src/ui/button.css',
  'src/ui/use-document-title.ts',
  // src/ui/error-boundary.tsx's; a few hundred bytes, without the query client.
  '@tanstack/react-query/build/modern/QueryErrorResetBoundary.js',
];
/**
 * The query cache and React Query, for every page that asks the API (src/app/lazy-with-queries.tsx): not the
 * welcome and landing pages, which ask nothing (decision 0063).
 */
const QUERIES = [
  'src/app/providers.tsx',
  /@tanstack\/(query-core|react-query)\/build\/modern\/(?!(mutationObserver|useMutation|QueryErrorResetBoundary)\.js)/,
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
  'src/components/document-notices.tsx',
  'src/components/document-notices.css',
];
/** What /members/ and /a/{slug} draw first beside src/app/fan-app.tsx: the public frame and the cards. */
const FANS_FIRST_LOAD = [
  'src/features/shells/public-shell.tsx',
  'src/api/songs/get-song-peaks.ts',
  'src/player/waveform.tsx',
  'src/features/members/artist/download-menu.tsx',
  'src/features/members/artist/download-menu.css',
  'src/features/members/cards.tsx',
  'src/features/members/cards.css',
  'src/features/members/scroll-memory.ts',
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
  'src/ui/lazy-discard-guard.tsx',
  'src/ui/date-mask.ts',
  'src/components/person-fields.tsx',
  'src/components/gender-buttons.tsx',
  'src/components/password-hint.tsx',
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

const GROUPS = {
  'app-core': APP_CORE,
  queries: QUERIES,
  'signed-in': SIGNED_IN,
  'area-frame': AREA_FRAME,
  fans: FANS_FIRST_LOAD,
  'form-fields': FORM_FIELDS,
  'sign-up': SIGN_UP,
};

/** Rolldown's `codeSplitting.groups` for the groups above (no module is named by two of them). */
export const CHUNK_GROUPS = Object.entries(GROUPS).map(([name, paths]) => ({ name, test: endingWithOneOf(paths) }));

/** Fails the build when a group names a module the build does not have, instead of quietly splitting it off. */
export function chunkGroupsChecked(): Plugin {
  return {
    name: 'hfm-chunk-groups-checked',
    apply: 'build',
    generateBundle() {
      const stale = Object.values(GROUPS)
        .flat()
        .filter((entry) => !namedModules.has(entry));
      if (stale.length > 0) this.error(`chunk groups name modules the build does not have: ${stale.join(', ')}`);
    },
  };
}
