import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer, childProcesses, isRunning, repoRoot, waitFor } from '../../test/server-process.js';
import { parentDeathWrapper } from './ffmpeg.js';

/**
 * A process that runs ffmpeg through runMediaTool, then dies by SIGKILL (no handler can run): its ffmpeg
 * must die too. The ffmpeg here is silent and paced in real time for ten minutes, so nothing but the
 * parent-death signal ends it (a chatty one would also die of a broken pipe).
 */
describe('media tools die with their parent', () => {
  beforeAll(() => buildServer(), 300_000);

  it('is set up through setpriv --pdeathsig on this system', () => {
    expect(parentDeathWrapper()).toBe('setpriv');
  });

  it('kills ffmpeg when the process that started it is killed with SIGKILL', async () => {
    const ffmpegModule = path.join(repoRoot, 'apps/server/dist/platform/media/ffmpeg.js');
    const script = `
      const { runMediaTool } = await import(${JSON.stringify(ffmpegModule)});
      runMediaTool('ffmpeg', ['-nostdin', '-v', 'quiet', '-nostats', '-re', '-f', 'lavfi', '-i',
        'anullsrc=r=8000:cl=mono', '-t', '600', '-f', 'null', '-']).catch(() => {});
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    const [ffmpeg] = await waitFor(
      () => childProcesses(parent.pid!, 'ffmpeg'),
      (pids) => pids.length > 0,
      30_000,
    );
    expect(isRunning(ffmpeg!)).toBe(true);
    parent.kill('SIGKILL');
    await exited;
    try {
      await waitFor(
        () => isRunning(ffmpeg!),
        (running) => !running,
        30_000,
      );
    } finally {
      if (isRunning(ffmpeg!)) process.kill(ffmpeg!, 'SIGKILL'); // an orphan from a failed run
    }
  }, 120_000);
});
