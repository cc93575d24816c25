import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
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

/** Running and not a zombie (a zombie has exited and waits only for its parent to read its status). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe.runIf(process.platform === 'linux')('a process started by spawnProcess', () => {
  it('is stopped when the process that started it is killed with SIGKILL', async () => {
    const script = [
      `import { spawnProcess } from ${JSON.stringify(new URL('./processes.ts', import.meta.url).pathname)};`,
      `const child = spawnProcess({ name: 'sleep', command: 'sleep', args: ['600'], env: process.env });`,
      `console.log(child.pid);`,
      `setInterval(() => {}, 1000);`,
    ].join('\n');
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(readline.createInterface({ input: parent.stdout! }), 'line')) as [string];
    const childPid = Number(line);
    expect(running(childPid)).toBe(true);
    parent.kill('SIGKILL');
    // A hang guard only: the kernel signals the child as the parent dies.
    const deadline = Date.now() + 60_000;
    while (running(childPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running(childPid)).toBe(false);
  });
});
