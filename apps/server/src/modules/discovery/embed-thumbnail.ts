import type { AppContext } from '../../context.js';
import { readImageSize } from '../../platform/media/images.js';
import { publicMediaKeyOf } from '../../platform/storage/public-media.js';

/** What oEmbed says of the cover: its absolute URL and pixel size (the spec wants the three together). */
export interface Thumbnail {
  url: string;
  width: number;
  height: number;
}

/** The first bytes of a stored image: enough for its header (our images are re-encoded, metadata stripped). */
const HEAD_BYTES = 64 * 1024;
/** Sizes read, by storage key: a stored image never changes under its key (a new upload gets a new one). */
const sizes = new Map<string, Promise<{ width: number; height: number } | null>>();
const MAX_REMEMBERED = 1000;

async function readSize(ctx: AppContext, key: string) {
  const stored = await ctx.storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of stored.body) {
    chunks.push(chunk as Buffer);
    read += (chunk as Buffer).length;
    if (read >= HEAD_BYTES) break;
  }
  stored.body.destroy();
  return readImageSize(Buffer.concat(chunks));
}

/** The cover (a public media path) as an oEmbed thumbnail, or null when it cannot be read. */
export async function thumbnailOf(ctx: AppContext, cover: string | null, publicUrl: string): Promise<Thumbnail | null> {
  const key = cover ? publicMediaKeyOf(cover) : null;
  if (!cover || !key) return null;
  let size = sizes.get(key);
  if (!size) {
    if (sizes.size >= MAX_REMEMBERED) sizes.delete(sizes.keys().next().value!);
    size = readSize(ctx, key).catch(() => null);
    sizes.set(key, size);
  }
  const known = await size;
  return known ? { url: new URL(cover, `${publicUrl}/`).href, ...known } : null;
}
