// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = fileURLToPath(new URL('..', import.meta.url));

function cssFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('style sheets', () => {
  // The CSS build (lightningcss) treats a -webkit- twin written after the standard property as an
  // override and keeps only the prefixed one, which Chromium ignores: the blur behind the bars vanished.
  // Written once, the standard property survives and the build adds the prefix the targets need.
  it('write backdrop-filter without a hand-written -webkit- twin', () => {
    const offenders = cssFiles(source).filter((file) =>
      fs.readFileSync(file, 'utf8').includes('-webkit-backdrop-filter'),
    );
    expect(offenders.map((file) => path.relative(source, file))).toEqual([]);
  });
});
