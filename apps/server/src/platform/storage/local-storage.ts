import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ObjectStorage } from './storage.js';

/** Files under a folder, with the content type kept in a sidecar file. */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, 'objects', key);
  };
  const typeOf = async (file: string) => {
    try {
      return (await fsp.readFile(`${file}.type`, 'utf8')).trim();
    } catch {
      return 'application/octet-stream';
    }
  };
  return {
    async put(key, body, contentType) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, fs.createWriteStream(temp));
      await fsp.writeFile(`${file}.type`, contentType);
      await fsp.rename(temp, file);
    },
    async stat(key) {
      const file = fileOf(key);
      try {
        const stats = await fsp.stat(file);
        return { size: stats.size, contentType: await typeOf(file) };
      } catch {
        return null;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      const stats = await this.stat(key);
      if (!stats) return null;
      const start = range?.start ?? 0;
      const end = range?.end ?? stats.size - 1;
      return {
        body: fs.createReadStream(file, { start, end }),
        size: Math.max(0, end - start + 1),
        contentType: stats.contentType,
      };
    },
    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      await fsp.rm(`${file}.type`, { force: true });
    },
  };
}
