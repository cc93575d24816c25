/**
 * The soak's HTTP client: node:http over one keep-alive pool of at most SOAK_CONNECTIONS sockets, and a
 * recorder that keeps every answer's latency by request kind and by 10-second window.
 */
import http from 'node:http';
import https from 'node:https';

/** Every kind of request the mix sends; `read` kinds are GETs, the rest write. */
export const READ_KINDS = [
  'landing',
  'session',
  'artistPage',
  'genrePage',
  'playlistPage',
  'memberHome',
  'heroArtist',
  'search',
  'play',
  'hlsPlaylist',
  'segment',
  'preview',
] as const;
export const WRITE_KINDS = [
  'signIn',
  'signOut',
  'hiFive',
  'subscribe',
  'uploadCreate',
  'uploadPresign',
  'uploadComplete',
] as const;
/**
 * Requests to the object store, not to HFM: the segment a redirect sends the player to on S3 (decision
 * 0031), a preview whose signed URL names the bucket, and an upload's part PUT to its presigned URL. Counted
 * and checked, kept out of HFM's read and write latencies (in production a CDN or the bucket answers them).
 */
export const STORE_KINDS = [
  'bucketSegment',
  'bucketPreview',
  'bucketUploadPart',
  // The baseline of the upload steps that wait on the store (soak/bare-store.ts).
  'bareStoreStart',
  'bareStorePart',
  'bareStoreFinish',
] as const;
/** HFM's writes that wait on the object store inside the request (S3 CreateMultipartUpload, Complete). */
export const STORE_BOUND_WRITE_KINDS = new Set<string>(['uploadPresign', 'uploadComplete']);
export type Kind = (typeof READ_KINDS)[number] | (typeof WRITE_KINDS)[number] | (typeof STORE_KINDS)[number];
const readKinds = new Set<string>(READ_KINDS);
const storeKinds = new Set<string>(STORE_KINDS);
export const isRead = (kind: Kind) => readKinds.has(kind);
export const isStore = (kind: Kind) => storeKinds.has(kind);

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Call {
  kind: Kind;
  method?: 'GET' | 'POST' | 'PUT';
  /** A path on the base URL, or an absolute URL (signed media URLs, presigned part URLs). */
  url: string;
  headers?: Record<string, string>;
  body?: Buffer | string | object;
  /** The statuses this request may answer; anything else is an error. */
  expect: number[];
}

interface KindStats {
  count: number;
  errors: number;
  statuses: Record<string, number>;
  latencies: number[];
}

interface Window {
  requests: number;
  errors: number;
  reads: number[];
  writes: number[];
}

export interface ErrorSample {
  at: string;
  kind: Kind;
  status: number | string;
  body: string;
}

/** Counts and latencies, overall, per kind and per 10-second window of the timed run. */
export class Recorder {
  readonly kinds = new Map<Kind, KindStats>();
  readonly windows: Window[] = [];
  readonly errorSamples: ErrorSample[] = [];
  /** Off during preparation: only the timed run is recorded. */
  recording = false;
  private startedAt = 0;
  private readonly windowMs: number;

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  start(): void {
    this.recording = true;
    this.startedAt = performance.now();
  }

  stop(): void {
    this.recording = false;
  }

  record(kind: Kind, ms: number, status: number | string, ok: boolean, body: string): void {
    if (!this.recording) return;
    const stats = this.kinds.get(kind) ?? { count: 0, errors: 0, statuses: {}, latencies: [] };
    this.kinds.set(kind, stats);
    stats.count++;
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    stats.latencies.push(ms);
    const index = Math.floor((performance.now() - this.startedAt) / this.windowMs);
    while (this.windows.length <= index) this.windows.push({ requests: 0, errors: 0, reads: [], writes: [] });
    const window = this.windows[index]!;
    window.requests++;
    if (!isStore(kind)) (isRead(kind) ? window.reads : window.writes).push(ms);
    if (ok) return;
    stats.errors++;
    window.errors++;
    if (this.errorSamples.length < 50) {
      this.errorSamples.push({ at: new Date().toISOString(), kind, status, body: body.slice(0, 300) });
    }
  }
}

/**
 * Requests to the base URL share one pool of `connections` keep-alive sockets; an absolute URL elsewhere (a
 * bucket's presigned part URL, a CDN's signed media URL) gets a pool of its own of the same size.
 */
export class SoakClient {
  private readonly agents = new Map<string, http.Agent>();
  private readonly base: URL;
  private readonly connections: number;
  private readonly recorder: Recorder;

  /** Whether the URL is HFM's own (the target's origin) rather than the object store's. */
  isOwn(url: string): boolean {
    return new URL(url, this.base).origin === this.base.origin;
  }

  constructor(base: string, connections: number, recorder: Recorder) {
    this.base = new URL(base);
    this.connections = connections;
    this.recorder = recorder;
  }

  /** Sends one request and records it; answers undefined when it failed or answered an unexpected status. */
  async send(call: Call): Promise<Answer | undefined> {
    const started = performance.now();
    try {
      const answer = await this.exchange(call);
      const ok = call.expect.includes(answer.status);
      this.recorder.record(call.kind, performance.now() - started, answer.status, ok, ok ? '' : answer.body.toString());
      return ok ? answer : undefined;
    } catch (error) {
      this.recorder.record(call.kind, performance.now() - started, (error as Error).message, false, '');
      return undefined;
    }
  }

  /** Like send, but throws on failure: for preparing accounts, where every step must work. */
  async must(call: Omit<Call, 'kind'> & { kind?: Kind }): Promise<Answer> {
    const answer = await this.exchange({ kind: 'session', ...call });
    if (!call.expect.includes(answer.status)) {
      throw new Error(`${call.method ?? 'GET'} ${call.url}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
    }
    return answer;
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }

  private agentFor(url: URL): http.Agent {
    let agent = this.agents.get(url.origin);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: this.connections, maxFreeSockets: this.connections };
      agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(url.origin, agent);
    }
    return agent;
  }

  private exchange(call: Call): Promise<Answer> {
    const target = new URL(call.url, this.base);
    const method = call.method ?? 'GET';
    let payload: Buffer | undefined;
    const headers: Record<string, string> = { ...call.headers };
    if (call.body !== undefined) {
      if (Buffer.isBuffer(call.body)) payload = call.body;
      else if (typeof call.body === 'string') payload = Buffer.from(call.body);
      else {
        payload = Buffer.from(JSON.stringify(call.body));
        headers['content-type'] ??= 'application/json';
      }
      headers['content-length'] = String(payload.length);
    }
    // A browser sends its Origin on every API write; the server's cross-site check reads it (decision 0025).
    if (method !== 'GET' && target.origin === this.base.origin) headers.origin ??= this.base.origin;
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        target,
        { method, headers, agent: this.agentFor(target), timeout: 60_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout (60 s)')));
      request.on('error', reject);
      request.end(payload);
    });
  }
}

export const json = <T>(answer: Answer): T => JSON.parse(answer.body.toString()) as T;
export const sessionCookie = (answer: Answer): string => {
  const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('hfm_session='));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie.split(';')[0]!;
};
