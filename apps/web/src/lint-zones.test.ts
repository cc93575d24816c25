// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository's own eslint.config.js, run on import lines as if written in real files of the web app. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

const LINT_TIMEOUT = 120_000;

beforeAll(async () => {
  // Only the import rule, without type information: typescript-eslint's single-run mode (on under CI=true)
  // would parse the file on disk instead of the text given here.
  eslint = new ESLint({
    cwd: repoRoot,
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
    overrideConfig: { languageOptions: { parserOptions: { project: false, projectService: false } } },
  });
  await restrictedImports('features/studio/songs-panel.tsx', "import { value } from './song-info';");
}, LINT_TIMEOUT);

async function restrictedImports(file: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = value;\n`, {
    filePath: `${repoRoot}/apps/web/src/${file}`,
  });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('web lint zones', { timeout: LINT_TIMEOUT }, () => {
  it.each([
    ['a sibling feature', 'features/studio/songs-panel.tsx', "import { value } from '../auth/login-page';"],
    [
      'a feature through features/',
      'features/studio/songs-panel.tsx',
      "import { value } from '../../features/landing/x';",
    ],
    ['a feature folder itself', 'features/signup/links.ts', "import { value } from '../welcome';"],
  ])('stops a feature importing %s', async (_, file, line) => {
    expect(await restrictedImports(file, line)).toEqual([expect.stringMatching(/Features do not import each other/)]);
  });

  it.each([
    ['ui/', 'ui/button.tsx', "import { value } from '../features/studio/songs-panel';"],
    ['api/', 'api/session.ts', "import { value } from '../app/providers';"],
    ['player/', 'player/player-bar.tsx', "import { value } from '../features/auth/login-page';"],
    ['components/', 'components/song-list.tsx', "import { value } from '../features/studio/songs-panel';"],
  ])('stops %s importing a feature or app/', async (_, file, line) => {
    expect(await restrictedImports(file, line)).toEqual([expect.stringMatching(/shared layers/)]);
  });

  it.each([
    ['the API', "import { value } from '../api/songs/get-song';"],
    ['a domain widget', "import { value } from '../components/song-list';"],
    ['the player', "import { value } from '../player/player-bar';"],
  ])('keeps ui/ generic: it does not import %s', async (_, line) => {
    expect(await restrictedImports('ui/button.tsx', line)).toEqual([expect.stringMatching(/generic primitives/)]);
  });

  it.each([
    ['a feature', 'features/auth/signed-in-notice.tsx'],
    ['ui/', 'ui/button.tsx'],
    ['components/', 'components/song-list.tsx'],
    ['player/', 'player/player-bar.tsx'],
  ])('keeps %s from editing the query cache', async (_, file) => {
    const line = "import { useQueryClient as value } from '@tanstack/react-query';";
    expect(await restrictedImports(file, line)).toEqual([expect.stringMatching(/do not edit the query cache/)]);
  });

  it.each([
    ['its own folder', 'features/studio/songs-panel.tsx', "import { value } from './song-info';"],
    ['the shared layers', 'features/studio/songs-panel.tsx', "import { value } from '../../ui/button';"],
    ['the player', 'features/studio/songs-panel.tsx', "import { value } from '../../player/player-bar';"],
    ['features, from app/', 'app/public-app.tsx', "import { value } from '../features/landing/about-page';"],
    ['api/, from components/', 'components/song-list.tsx', "import { value } from '../api/songs/get-song';"],
    ['ui/, from components/', 'components/song-list.tsx', "import { value } from '../ui/button';"],
    [
      'the query client, in api/',
      'api/songs/delete-song.ts',
      "import { useQueryClient as value } from '@tanstack/react-query';",
    ],
  ])('lets a file import %s', async (_, file, line) => {
    expect(await restrictedImports(file, line)).toEqual([]);
  });
});
