import { startTopology } from '../../deploy/topology.ts';
import { demoPasswordIn, waitForMailedCode, type RunningServer } from './server.ts';

/**
 * E2E_TOPOLOGY=prod: the test file's server is the production topology (deploy/topology.ts) on a fresh
 * database of the PostgreSQL server E2E_DATABASE_URL names (the local one by default) and a fresh bucket.
 * What a test reads of the server's insides comes from every process: mail from both workers' DATA_DIRs,
 * output from all of them. `env.PORT` is the balancer's port (the address the browser opens).
 */
export async function startProductionTopology(env: Record<string, string>): Promise<RunningServer> {
  const { PORT, ...settings } = env;
  const topology = await startTopology({
    postgresUrl: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    ...(PORT ? { port: Number(PORT) } : {}),
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000', ...settings },
  });
  const processes = [...topology.apis, ...topology.workers];
  let seedOutput: Promise<string> | undefined;
  return {
    baseUrl: topology.url,
    pid: topology.apis[0]!.pid,
    dataDir: topology.apis[0]!.dataDir,
    databaseUrl: topology.databaseUrl,
    async demoPassword(email: string) {
      // As on PostgreSQL with one process: the CLI makes what the first embedded start makes (into the bucket).
      seedOutput ??= topology.cli(['seed-demo', '--artists', '24', '--songs', '120']);
      const password = demoPasswordIn(await seedOutput, email);
      if (!password) throw new Error(`no demo password for ${email}`);
      return password;
    },
    output: () => processes.map((process) => `--- ${process.name}\n${process.output()}`).join('\n'),
    mails: topology.mails,
    mailedCode: (email: string) => waitForMailedCode(topology.mails, email),
    stop: topology.stop,
  };
}
