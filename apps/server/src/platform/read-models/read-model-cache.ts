import { LRUCache } from 'lru-cache';
import { etagOf } from './etag.js';
import type { CatalogueVersion } from './catalogue-version.js';

/**
 * Public read models (the same answer for every viewer) kept in memory between requests (docs/decisions/0059):
 * each under its name and parameters, with its serialized body and ETag, for one catalogue epoch
 * (catalogue-version.ts). A request at the same epoch is answered from memory; identical requests that arrive
 * while one builds wait for that one (single-flight). The memory is bounded: least recently used models go
 * first once the bodies held pass `maxBytes`.
 *
 * A model must hold nothing of the viewer: the caller builds it as for a visitor who is signed out, and merges
 * the viewer's part (e.g. whether they subscribe) itself.
 */
export interface ReadModelCache {
  get<T>(name: string, key: string, build: () => Promise<T>, serialize: Serializer<T>): Promise<ReadModel<T>>;
  /** Models held now (for tests and metrics). */
  readonly size: number;
}

/** A route's response serializer (`reply.serialize`). */
export type Serializer<T> = (value: T) => string | Uint8Array | ArrayBuffer;

export interface ReadModel<T> {
  value: T;
  /** `value` serialized by the route's response serializer, as UTF-8 bytes. */
  body: Uint8Array;
  etag: string;
  /** Whether the answer came from memory (or from a build another request started). */
  cached: boolean;
}

interface Entry {
  epoch: number;
  model: ReadModel<unknown>;
}

/** 64 MiB of bodies by default (the objects beside them take about as much again). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The oldest a model may be: the one write that does not move the catalogue version, a counted listen's
 * `plays + 1`, shows up within this (every other write at once).
 */
export const MAX_AGE_MS = 60_000;

export function createReadModelCache(
  version: CatalogueVersion,
  options: { maxBytes?: number; maxAgeMs?: number } = {},
): ReadModelCache {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(1, maxBytes),
    ttl: options.maxAgeMs ?? MAX_AGE_MS,
    // Bytes of the body, plus the key and some bookkeeping.
    sizeCalculation: ({ model: { body } }, key) => body.byteLength + 2 * key.length + 64,
  });
  const building = new Map<string, { epoch: number; model: Promise<ReadModel<unknown>> }>();

  async function build<T>(make: () => Promise<T>, serialize: Serializer<T>): Promise<ReadModel<T>> {
    return modelOf(await make(), serialize);
  }

  return {
    async get<T>(name: string, key: string, make: () => Promise<T>, serialize: Serializer<T>) {
      const id = `${name}\u0000${key}`;
      const at = maxBytes === 0 ? null : version.current();
      const epoch = typeof at === 'number' || at === null ? at : await at;
      // Off, or the catalogue keeps changing under the check: read the database, keep nothing.
      if (maxBytes === 0 || epoch === null) return build(make, serialize);
      const held = entries.get(id);
      if (held?.epoch === epoch) return { ...(held.model as ReadModel<T>), cached: true };
      const running = building.get(id);
      if (running?.epoch === epoch) return { ...((await running.model) as ReadModel<T>), cached: true };
      const model = build(make, serialize);
      building.set(id, { epoch, model });
      try {
        const made = await model;
        // Built at `epoch`: kept only if no write committed meanwhile (the rows may predate it).
        if (version.isCurrent(epoch)) entries.set(id, { epoch, model: made });
        return made;
      } finally {
        if (building.get(id)?.model === model) building.delete(id);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/** A value with its body and ETag (a model for one viewer is made so too, and kept nowhere). */
export function modelOf<T>(value: T, serialize: Serializer<T>): ReadModel<T> {
  const serialized = serialize(value);
  // Bytes, encoded once: a string body is encoded to UTF-8 again on every send (a 50 KB page, each request).
  const body =
    typeof serialized === 'string'
      ? Buffer.from(serialized)
      : serialized instanceof ArrayBuffer
        ? Buffer.from(serialized)
        : serialized;
  return { value, body, etag: etagOf(body), cached: false };
}
