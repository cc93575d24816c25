import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnProcess } from './processes.ts';

describe('spawnProcess', () => {
  it('starts a process at the nice value asked for, which the processes it starts inherit', async () => {
    const child = spawnProcess({
      name: 'sh',
      command: 'sh',
      args: ['-c', 'nice; sh -c nice'],
      env: process.env,
      nice: 7,
    });
    await child.exit;
    expect(child.exitCode()).toBe(0);
    expect(child.output().trim().split('\n')).toEqual(['7', '7']);
  });

  it('leaves the priority alone without a nice value', async () => {
    const child = spawnProcess({ name: 'sh', command: 'sh', args: ['-c', 'nice'], env: process.env });
    await child.exit;
    expect(child.output().trim()).toBe(String(os.getPriority()));
  });
});
