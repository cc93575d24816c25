import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * This run's shared folder, removed when the run ends (a run never reuses an older run's): `template`, made
 * empty here and filled by the first test file that starts an embedded server (see startServer), and `ports`,
 * where every port handed out in the run is claimed (deploy/processes.ts freePort), since files run two at once.
 */
export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-e2e-run-'));
  fs.mkdirSync(path.join(root, 'template'));
  fs.mkdirSync(path.join(root, 'ports'));
  process.env.E2E_SEEDED_TEMPLATE_DIR = path.join(root, 'template');
  process.env.PORT_RESERVATIONS_DIR = path.join(root, 'ports');
  return () => fs.rmSync(root, { recursive: true, force: true });
}
