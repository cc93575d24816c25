import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const migrationsDir = path.join(serverDir, 'migrations');
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
let workDir: string | undefined;

afterEach(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('the migrations', () => {
  it('hold every change of the table schema', async () => {
    // drizzle-kit writes into a copy of the migrations: a migration it adds is a change nobody generated.
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-drift-'));
    fs.cpSync(migrationsDir, workDir, { recursive: true });
    const before = new Set(fs.readdirSync(workDir));
    await promisify(execFile)(
      process.execPath,
      [
        drizzleKit,
        'generate',
        '--dialect=postgresql',
        '--schema=./src/platform/db/schema/*.ts',
        // drizzle-kit takes the output folder relative to where it runs.
        `--out=${path.relative(serverDir, workDir)}`,
      ],
      { cwd: serverDir, timeout: 120_000 },
    );
    const added = fs.readdirSync(workDir).filter((name) => !before.has(name));
    const sql = added.map((name) => fs.readFileSync(path.join(workDir!, name), 'utf8')).join('\n');
    expect(
      added,
      `the table schema has changes with no migration; run \`npm run db:generate -w @hfm/server\`:\n${sql}`,
    ).toEqual([]);
  }, 120_000);
});
