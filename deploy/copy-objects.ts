/**
 * Copies every object from one place to another, for backups and restores (docs/operations.md):
 *
 *   node deploy/copy-objects.ts FROM TO
 *
 * FROM and TO are each `s3://bucket[/prefix]` or a folder. A folder holds `{key}` and `{key}.type` (the
 * content type), the embedded store's own layout, so `DATA_DIR/storage/objects` is a valid FROM or TO too.
 * S3 is reached with the server's settings: S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 * S3_FORCE_PATH_STYLE (or the SDK's usual credentials). Bucket to bucket is a server-side copy.
 * Objects are streamed one at a time; an object already at TO with the same size is skipped, so an
 * interrupted run can simply be started again. Prints how many objects and bytes it copied.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

type Place = { kind: 's3'; bucket: string; prefix: string } | { kind: 'folder'; root: string };
interface Entry {
  key: string;
  size: number;
}

const TYPE_SUFFIX = '.type';
const PART_SIZE = 16 * 1024 * 1024;

function parsePlace(text: string): Place {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(text);
  if (!match) return { kind: 'folder', root: path.resolve(text) };
  const prefix = match[2] ?? '';
  return { kind: 's3', bucket: match[1]!, prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/` };
}

function s3Client(): S3Client {
  const env = process.env;
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ? /^(true|1|yes)$/.test(env.S3_FORCE_PATH_STYLE) : !!env.S3_ENDPOINT;
  return new S3Client({
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
}

async function* listS3(client: S3Client, place: Extract<Place, { kind: 's3' }>): AsyncGenerator<Entry> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: place.bucket, Prefix: place.prefix, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) {
      if (object.Key) yield { key: object.Key.slice(place.prefix.length), size: object.Size ?? 0 };
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

async function* listFolder(root: string): AsyncGenerator<Entry> {
  if (!fs.existsSync(root)) return;
  for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(TYPE_SUFFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    yield { key: path.relative(root, file).split(path.sep).join('/'), size: (await fsp.stat(file)).size };
  }
}

async function sizeAt(client: S3Client, place: Place, key: string): Promise<number | null> {
  if (place.kind === 'folder') {
    const stats = await fsp.stat(path.join(place.root, key)).catch(() => null);
    return stats?.size ?? null;
  }
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: place.bucket, Key: place.prefix + key }));
    return head.ContentLength ?? 0;
  } catch {
    return null;
  }
}

async function read(client: S3Client, place: Place, key: string): Promise<{ body: Readable; contentType: string }> {
  if (place.kind === 'folder') {
    const file = path.join(place.root, key);
    const contentType = await fsp.readFile(`${file}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream');
    return { body: fs.createReadStream(file), contentType: contentType.trim() };
  }
  const object = await client.send(new GetObjectCommand({ Bucket: place.bucket, Key: place.prefix + key }));
  return { body: object.Body as Readable, contentType: object.ContentType ?? 'application/octet-stream' };
}

async function write(client: S3Client, place: Place, key: string, body: Readable, contentType: string, size: number) {
  if (place.kind === 'folder') {
    const file = path.join(place.root, key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    await pipeline(body, fs.createWriteStream(partial));
    await fsp.writeFile(`${file}${TYPE_SUFFIX}`, contentType);
    await fsp.rename(partial, file);
    return;
  }
  const params = { Bucket: place.bucket, Key: place.prefix + key, ContentType: contentType };
  if (size < PART_SIZE) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    await client.send(new PutObjectCommand({ ...params, Body: Buffer.concat(chunks) }));
    return;
  }
  await new Upload({ client, params: { ...params, Body: body }, partSize: PART_SIZE, queueSize: 2 }).done();
}

async function copyOne(client: S3Client, from: Place, to: Place, entry: Entry): Promise<void> {
  if (from.kind === 's3' && to.kind === 's3') {
    const CopySource = encodeURI(`${from.bucket}/${from.prefix}${entry.key}`);
    await client.send(new CopyObjectCommand({ Bucket: to.bucket, Key: to.prefix + entry.key, CopySource }));
    return;
  }
  const { body, contentType } = await read(client, from, entry.key);
  await write(client, to, entry.key, body, contentType, entry.size);
}

async function main(argv: string[]): Promise<void> {
  if (argv.length !== 2) {
    console.error('Usage: node deploy/copy-objects.ts FROM TO   (each s3://bucket[/prefix] or a folder)');
    process.exit(2);
  }
  const [from, to] = argv.map(parsePlace) as [Place, Place];
  const client = s3Client();
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  try {
    const entries = from.kind === 's3' ? listS3(client, from) : listFolder(from.root);
    for await (const entry of entries) {
      if ((await sizeAt(client, to, entry.key)) === entry.size) {
        skipped += 1;
        continue;
      }
      await copyOne(client, from, to, entry);
      copied += 1;
      bytes += entry.size;
    }
  } finally {
    client.destroy();
  }
  console.log(`copied ${copied} objects (${bytes} bytes), ${skipped} already there`);
}

await main(process.argv.slice(2));
