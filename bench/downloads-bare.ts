/**
 * The bare baseline of `downloads.bench.ts`, started with `fork(this file)`: node:http reading the stored
 * files straight from the app's storage folder (the same files on the same disk the app reads), with Node's
 * default read size. `GET /song` streams one file (BENCH_SONG_FILE): what a song's download must carry.
 * `GET /album` streams the album's files (BENCH_ALBUM_FILES, a JSON list) one after another: the bytes a zip
 * of STORED entries carries, without its headers and descriptors (about 1 KB) and without computing a CRC.
 * It includes the HTTP request, a stat of each file and the read and send of every byte; no session, no
 * access check, no database statement, no signature, no record.
 */
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';

const songFile = process.env.BENCH_SONG_FILE!;
const albumFiles = JSON.parse(process.env.BENCH_ALBUM_FILES!) as string[];
const sizeOf = (file: string) => fs.statSync(file).size;

async function sendFiles(files: string[], response: http.ServerResponse): Promise<void> {
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': files.reduce((sum, file) => sum + sizeOf(file), 0),
  });
  for (const file of files) {
    for await (const chunk of fs.createReadStream(file)) {
      if (!response.write(chunk)) await once(response, 'drain');
    }
  }
  response.end();
}

const server = http.createServer((request, response) => {
  const files = request.url === '/song' ? [songFile] : request.url === '/album' ? albumFiles : null;
  if (!files) {
    response.writeHead(404).end();
    return;
  }
  sendFiles(files, response).catch(() => response.destroy());
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send!({ ready: true }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
