import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { TRANSCODE_JOB } from '../../modules/songs/songs.jobs.js';
import { createArtist, signIn } from '../factories.js';
import { fetchSender, splitIntoParts } from '../multipart-client.js';

/** A hang guard on every request: a fault must answer, never hold the client (generous: a busy machine). */
const REQUEST_GUARD_MS = 60_000;

export interface Reply {
  status: number;
  body: Record<string, unknown> & { status?: string; error?: { code: string; message: string } };
  retryAfter: string | null;
}

export interface Upload {
  uploadId: string;
  key: string;
  urls: string[];
}

/**
 * The test's own handle on the processes' database (no HTTP server, no workers) and an ACTIVE artist signed
 * in there: the session cookie works at every process on that database.
 */
export async function openHelper(env: Record<string, string>): Promise<{ helper: FastifyInstance; cookie: string }> {
  const helper = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { serveWeb: false, logger: false });
  const artist = await createArtist(helper, { artist: { status: 'ACTIVE' } });
  return { helper, cookie: await signIn(helper, artist) };
}

/** What the studio does over HTTP, against whichever process `baseUrl()` names now. */
export function hfmClient(baseUrl: () => string, cookie: string) {
  async function call(method: string, url: string, body?: object): Promise<Reply> {
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(REQUEST_GUARD_MS),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : {}) as Reply['body'],
      retryAfter: res.headers.get('retry-after'),
    };
  }

  async function createSong(title: string): Promise<string> {
    const created = await call('POST', '/api/songs', { title, releaseDate: '05/01/2025' });
    if (created.status !== 201) throw new Error(`create song: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  }

  async function presign(songId: string, name: string, size: number): Promise<Reply & { upload?: Upload }> {
    const reply = await call('POST', `/api/songs/upload-presigned/${songId}`, {
      files: [{ name, size, type: 'audio/wav', s3Path: 'songs' }],
    });
    const list = reply.body as unknown;
    return { ...reply, ...(reply.status === 200 ? { upload: (list as Upload[])[0]! } : {}) };
  }

  /** Sends the parts the store does not list yet, one after another; answers the completion list. */
  async function sendMissingParts(songId: string, upload: Upload, wav: Buffer) {
    const listed = await call(
      'GET',
      `/api/songs/upload-parts/${songId}?uploadId=${encodeURIComponent(upload.uploadId)}&key=${encodeURIComponent(upload.key)}`,
    );
    if (listed.status !== 200) throw new Error(`list parts: ${listed.status} ${JSON.stringify(listed.body)}`);
    const stored = new Map(
      (listed.body.parts as { PartNumber: number; ETag: string }[]).map((part) => [part.PartNumber, part.ETag]),
    );
    const parts = splitIntoParts(wav);
    const done: { ETag: string; PartNumber: number }[] = [];
    for (const [index, part] of parts.entries()) {
      let etag = stored.get(index + 1);
      if (!etag) {
        const reply = await fetchSender(upload.urls[index]!, part);
        if (reply.status !== 200 || !reply.etag) throw new Error(`part ${index + 1}: ${reply.status} ${reply.body}`);
        etag = reply.etag;
      }
      done.push({ ETag: etag, PartNumber: index + 1 });
    }
    return { parts: done, resent: parts.length - stored.size, kept: stored.size };
  }

  const complete = (songId: string, upload: Upload, parts: { ETag: string; PartNumber: number }[]) =>
    call('POST', `/api/songs/upload-complete/${songId}`, { key: upload.key, uploadId: upload.uploadId, parts });

  const songStatus = async (songId: string) => (await call('GET', `/api/songs/${songId}`)).body.status;

  return { call, createSong, presign, sendMissingParts, complete, songStatus };
}

/** The transcode job rows of a song (pg-boss's table, in the scratch database's default schema). */
export async function transcodeJobs(pool: pg.Pool, songId: string) {
  const { rows } = await pool.query<{ retry_count: number; state: string }>(
    `select retry_count, state from pgboss.job where name = $1 and singleton_key = $2 order by created_on`,
    [TRANSCODE_JOB, songId],
  );
  return rows;
}
