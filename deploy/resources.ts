/** The two things the server processes share: a fresh PostgreSQL database and an S3 bucket (moto on loopback). */
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { freePort, spawnProcess, waitUntilAnswering, type RunningProcess } from './processes.ts';

export interface Database {
  url: string;
  drop(): Promise<void>;
}

/** `name` made afresh (dropped first if a previous run left it) on the server `postgresUrl` points at. */
export async function createDatabase(postgresUrl: string, name: string): Promise<Database> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const drop = () => run(`drop database if exists "${name}" with (force)`);
  await drop();
  await run(`create database "${name}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

export interface Bucket {
  endpoint: string;
  region: string;
  name: string;
  accessKeyId: string;
  secretAccessKey: string;
  moto: RunningProcess;
  stop(): Promise<void>;
}

/**
 * moto's S3 server on a free loopback port (`pip install "moto[server]"`; MOTO_SERVER names another command)
 * with one bucket, whose CORS lets the web origin PUT upload parts and read their ETag (docs/storage.md).
 */
export async function createBucket(input: {
  webOrigin: string;
  onLine?: (name: string, line: string) => void;
  /** A lower CPU priority for moto (TopologyOptions.standInNice). */
  nice?: number;
}): Promise<Bucket> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const moto = spawnProcess({
    name: 'moto',
    command: process.env.MOTO_SERVER ?? 'moto_server',
    args: ['-H', '127.0.0.1', '-p', String(port)],
    env: process.env,
    onLine: input.onLine && ((line) => input.onLine!('moto', line)),
    nice: input.nice,
  });
  const bucket = {
    endpoint,
    region: 'us-east-1',
    name: 'hfm-media',
    // moto takes any keys; real S3 takes the operator's.
    accessKeyId: 'hfm-local',
    secretAccessKey: 'hfm-local-secret',
    moto,
    stop: () => moto.stop(),
  };
  try {
    await waitUntilAnswering(`${endpoint}/moto-api/`, moto, { anyAnswer: true });
    const s3 = new S3Client({
      endpoint,
      region: bucket.region,
      forcePathStyle: true,
      credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
    });
    await s3.send(new CreateBucketCommand({ Bucket: bucket.name }));
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: bucket.name,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [input.webOrigin],
              AllowedMethods: ['GET', 'HEAD', 'PUT'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag', 'Content-Length', 'Content-Range', 'Accept-Ranges'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      }),
    );
    s3.destroy();
    return bucket;
  } catch (error) {
    await moto.stop();
    throw error;
  }
}
