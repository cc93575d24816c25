import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Server layering, enforced here rather than by goodwill: platform <- modules <- app (app.ts, main.ts,
 * cli.ts, seed/). `platform/` imports neither `http/` nor `modules/`; `http/` does not import `modules/`.
 * A module imports its own repository only (other modules through their services) and only its own
 * domain's tables; `access` is the one module that reads every table, for ownership.
 */
const MODULE_TABLES = {
  access: 'all',
  /** A person's account use cases above identity, sign-in, billing, engagement and library (decision 0047). */
  accounts: ['identity'],
  albums: ['catalogue'],
  artists: ['artists'],
  auth: ['identity'],
  billing: ['billing'],
  // A read model (docs/decisions/0010): what fans browse, read across domains in a handful of statements.
  discovery: ['artists', 'catalogue', 'genres', 'billing'],
  /**
   * A read model (docs/earnings.md): the artist's earnings and the admin's revenue report, summed from the
   * ledger and subscriptions, the payouts and the plays per month. It writes nothing.
   */
  earnings: ['billing', 'payouts', 'engagement'],
  documents: ['content'],
  engagement: ['engagement'],
  genres: ['genres'],
  initial: [],
  /** My Music's zips of everything kept by an artist: a use case over library and songs (decision 0051). */
  keeping: [],
  /** Record labels: their table sits with the catalogue's (playlists are filed under them). */
  labels: ['catalogue'],
  /** Download records and My Music, a read model over them and the catalogue (docs/decisions/0016). */
  library: ['library', 'catalogue', 'artists'],
  // The payments platform's public calls; the local provider's tables are the platform's, not a module's.
  payments: [],
  /** Curated playlists (admins): owns the playlists tables of catalogue, reads songs and artists (decision 0022). */
  playlists: ['catalogue', 'artists'],
  /** Artists' payout accounts and monthly payouts; the money is billing's ledger, reached through its service. */
  payouts: ['payouts'],
  /**
   * Release notifications (docs/releases.md): owns the release batches, mails and mail settings; reads the
   * songs, artists, subscriptions, accounts and listens it tells of (a read model of those).
   */
  releases: ['releases', 'catalogue', 'artists', 'billing', 'identity', 'engagement'],
  /** A read model: what fans may find, across artists, songs and albums. */
  search: ['artists', 'catalogue', 'genres'],
  songs: ['catalogue'],
  /** Identity: accounts and their lookups; presents an account's subscriptions and Hi Fives as a read model (decision 0047). */
  users: ['identity', 'billing', 'engagement'],
};
const SERVER = 'apps/server/src';
// Tests and their helpers set up and inspect rows directly, as an operator would.
const SERVER_TESTS = [`${SERVER}/**/*.test.ts`, `${SERVER}/test/**`];

function moduleBoundaries(name, tables) {
  const patterns = [
    {
      group: ['../*/*.repository.js', '!../' + name + '/*'],
      message: 'A module reads its own repository only: call the other module’s service.',
    },
    {
      group: ['**/platform/db/schema.js'],
      message: 'Import your own domain’s tables from platform/db/schema/<domain>.js.',
    },
  ];
  if (tables !== 'all') {
    patterns.push({
      group: ['**/platform/db/schema/*', ...tables.map((table) => `!**/platform/db/schema/${table}.js`)],
      message:
        tables.length === 0
          ? `Module ${name} owns no tables: ask the owning module’s service.`
          : `Module ${name} reads only its own tables (${tables.join(', ')}): ask the owning module’s service.`,
    });
  }
  return {
    files: [`${SERVER}/modules/${name}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

const serverBoundaries = [
  {
    files: [`${SERVER}/modules/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/db/schema.js', '**/platform/db/schema/*'],
              message: 'Add the new module to MODULE_TABLES in eslint.config.js with the tables it owns.',
            },
          ],
        },
      ],
    },
  },
  ...Object.entries(MODULE_TABLES).map(([name, tables]) => moduleBoundaries(name, tables)),
  {
    files: [`${SERVER}/platform/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*', '**/modules/**'],
              message: 'platform/ is below http/ and modules/: it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${SERVER}/http/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'http/ does not import modules/; app.ts wires them.' }] },
      ],
    },
  },
];

/** Promises are awaited (or voided with a reason), and a switch over a union names every member. */
const typeAware = {
  files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
  ignores: ['apps/server/drizzle.config.ts'],
  languageOptions: {
    parserOptions: {
      project: [
        'packages/shared/tsconfig.test.json',
        'packages/test-support/tsconfig.json',
        'apps/server/tsconfig.test.json',
        'apps/web/tsconfig.json',
        'e2e/tsconfig.json',
        'bench/tsconfig.json',
      ],
      tsconfigRootDir: import.meta.dirname,
    },
  },
  rules: {
    '@typescript-eslint/no-floating-promises': 'error',
    '@typescript-eslint/no-misused-promises': 'error',
    '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
  },
};

/**
 * React ignores what an event handler returns, and the web app's async handlers report their own
 * failures (field errors, toasts), so an async function as a JSX attribute is allowed.
 */
const reactHandlers = {
  files: ['apps/web/**/*.tsx'],
  rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }] },
};

/** The web app's feature folders, read when the config loads: a new feature gets its zone on its own. */
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import paths that reach feature folder `name` from anywhere under apps/web/src (../x, ../../features/x). */
const featurePaths = (name) => [`../${name}`, `../${name}/**`, `**/features/${name}`, `**/features/${name}/**`];

/** Only the hooks in api/ touch the query cache: a mutation hook owns its cache effects. */
const noCacheEdits = {
  name: '@tanstack/react-query',
  importNames: ['useQueryClient', 'QueryClient'],
  message: 'Components do not edit the query cache: give the mutation hook in api/ its cache effect.',
};

const sharedLayerImports = {
  group: ['../features', '../features/**', '../../features/**', '../app', '../app/**', '../../app/**'],
  message: 'ui/, components/, api/ and player/ are shared layers: they import no feature and nothing from app/.',
};

/** ui/ holds generic primitives: what knows the product (the API, the player, domain widgets) sits above it. */
const uiReaches = ['../api', '../api/**', '../components', '../components/**', '../player', '../player/**'];
const UI_IS_GENERIC =
  'ui/ keeps generic primitives: a widget that knows the API, the player or a domain belongs in components/.';

/** Web zones: a feature imports no other feature; the shared layers (components/, ui/, api/, player/) import no feature nor app/. */
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noCacheEdits],
          patterns: [
            {
              group: WEB_FEATURES.filter((other) => other !== feature).flatMap(featurePaths),
              message: `Features do not import each other: move what ${feature} shares to components/, ui/, api/ or player/.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,player}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [noCacheEdits], patterns: [sharedLayerImports] }] },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    // Its tests may render a primitive inside the app's providers.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noCacheEdits], patterns: [sharedLayerImports, { group: uiReaches, message: UI_IS_GENERIC }] },
      ],
    },
  },
  {
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedLayerImports] }] },
  },
  {
    // The embeddable player's page is an entry of its own that stays small (decision 0056).
    files: ['apps/web/src/embed/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...sharedLayerImports.group,
                '../ui',
                '../ui/**',
                '../components',
                '../components/**',
                'react',
                'react-dom',
                'react-dom/*',
              ],
              message:
                'The embed page takes no feature, app/, ui/, components/ or React: only api/ and player/ (decision 0056).',
            },
          ],
        },
      ],
    },
  },
];

/** vi.waitFor gives up after one second unless told: a clock a loaded machine can beat, so tests give it a bound. */
const conditionWaits = {
  files: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.object.name='vi'][callee.property.name='waitFor'][arguments.length<2]",
        message: 'Give vi.waitFor a timeout (web tests: untilCondition from src/test/conditions.ts).',
      },
    ],
  },
};

/**
 * The web reaches the API through api/client.ts, whose routes, parameters, bodies and answers are typed from
 * docs/api/openapi.json (decision 0048): a URL path written by hand elsewhere is one the compiler cannot check.
 * Tests and their fixtures stub the API by its URLs, so they may.
 */
const apiPathMessage = 'Call the API through api/client.ts (api.get(...), apiUrl(...)): no /api/ path by hand.';
const noHandWrittenApiPaths = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: [
    'apps/web/src/api/client.ts',
    'apps/web/src/**/*.test.{ts,tsx}',
    'apps/web/src/test/**',
    'apps/web/src/**/*test-utils.tsx',
    'apps/web/src/**/*fixtures.ts',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'Literal[value=/^\\/api\\//]', message: apiPathMessage },
      { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: apiPathMessage },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/migrations/**',
      'bench/results/**',
      'e2e/artifacts/**',
      // Generated from docs/api/openapi.json (npm run openapi).
      'apps/web/src/api/openapi-types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webZones,
  noHandWrittenApiPaths,
  ...serverBoundaries,
  typeAware,
  reactHandlers,
  conditionWaits,
);
