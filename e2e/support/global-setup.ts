import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder for this run's seeded template (see startServer): made empty here, filled by the first test file
 * that starts an embedded server, removed when the run ends. A run never reuses an older run's template.
 */
export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-e2e-template-'));
  process.env.E2E_SEEDED_TEMPLATE_DIR = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}
