import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** Object storage: keys are slash-separated paths such as `profile-images/{id}/file.jpg`. */
export interface ObjectStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

/** Keys come from our own code, but parts may carry user text (artist names): keep them safe. */
export function cleanKeySegment(segment: string): string {
  const cleaned = segment
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['",`]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^\.+/, '');
  return cleaned.slice(0, 100) || 'untitled';
}

export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
