import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_PART_SIZE } from '@hfm/shared';

/** What a browser gets back from one part PUT. */
export interface PartReply {
  status: number;
  etag: string | undefined;
  exposed: string | undefined;
  body: string;
}

export type PartSender = (url: string, body: Buffer) => Promise<PartReply>;

/** Deterministic bytes that differ from part to part (so a swapped part changes the object). */
export function generateBytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let block = crypto.createHash('sha256').update(`seed-${seed}`).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block.copy(out, offset);
    block = crypto.createHash('sha256').update(block).digest();
  }
  return out;
}

/** Cuts a file into the spec's 5,242,880-byte parts, the last one shorter. */
export function splitIntoParts(data: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += UPLOAD_PART_SIZE) {
    parts.push(data.subarray(offset, offset + UPLOAD_PART_SIZE));
  }
  return parts;
}

export const md5Quoted = (data: Buffer) => `"${crypto.createHash('md5').update(data).digest('hex')}"`;

/** Sends the PUT through app.inject (the URL's origin is dropped: our server answers its own URLs). */
export function injectSender(app: FastifyInstance): PartSender {
  return async (url, body) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    const res = await app.inject({ method: 'PUT', url: `${pathname}${search}`, payload: body });
    return {
      status: res.statusCode,
      etag: res.headers.etag as string | undefined,
      exposed: res.headers['access-control-expose-headers'] as string | undefined,
      body: res.body,
    };
  };
}

/** Sends the PUT over the network, as the browser does. */
export const fetchSender: PartSender = async (url, body) => {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
  return {
    status: res.status,
    etag: res.headers.get('etag') ?? undefined,
    exposed: res.headers.get('access-control-expose-headers') ?? undefined,
    body: await res.text(),
  };
};

/**
 * PUTs the parts in parallel (all at once, last part first) like an eager browser would, and answers the
 * completion list `[{ ETag, PartNumber }]` in part order. Fails on any non-200.
 */
export async function putPartsInParallel(
  send: PartSender,
  urls: string[],
  parts: Buffer[],
): Promise<{ ETag: string; PartNumber: number }[]> {
  const order = parts.map((_, index) => index).reverse();
  const replies = new Map<number, PartReply>();
  await Promise.all(
    order.map(async (index) => {
      replies.set(index, await send(urls[index]!, parts[index]!));
    }),
  );
  return parts.map((_, index) => {
    const reply = replies.get(index)!;
    if (reply.status !== 200 || !reply.etag) throw new Error(`part ${index + 1}: ${reply.status} ${reply.body}`);
    return { ETag: reply.etag, PartNumber: index + 1 };
  });
}
