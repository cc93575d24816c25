import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cpuMs, createPlace, saveCard, seedCatalogue, signUpFan, startApp, withDatabase } from './bench-kit.ts';

const engine = (process.env.BENCH_ENGINES ?? 'pglite') as 'pglite' | 'postgres';
const place = await createPlace(engine, 'probe');
try {
  await seedCatalogue(place, 2, 10);
  const [song] = await withDatabase(place, (q) => q<{ id: string; artist_id: string; flac: string }>(`select s.id, s.artist_id, s.download_files->>'flac' as flac from songs s join artists a on a.id=s.artist_id where a.status='ACTIVE' and s.status='ready' and s.active and s.download_files is not null limit 1`));
  const file = path.join(place.dataDir, 'storage', 'objects', song!.flac);
  spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=d=300:c=pink:a=0.3', '-ac', '2', '-ar', '44100', '-sample_fmt', 's16', '-f', 'flac', file]);
  await withDatabase(place, (q) => q(`update songs set download_sizes = null`));
  if (process.env.PROF) process.env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${process.env.PROF}`;
  const app = await startApp(place);
  delete process.env.NODE_OPTIONS;
  try {
    const fan = await signUpFan(app, place, `probe-${Date.now()}@example.com`);
    const card = await saveCard(app, fan);
    const sub = await fetch(`${app.base}/api/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: fan.cookie }, body: JSON.stringify({ memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: song!.artist_id }) });
    if (sub.status !== 201) throw new Error(await sub.text());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const get = (url: string, keep = false) => new Promise<string>((resolve, reject) => {
      http.get(url, { agent, headers: { cookie: fan.cookie } }, (r) => { const c: Buffer[] = []; r.on('data', (d: Buffer) => { if (keep) c.push(d); }); r.on('end', () => resolve(Buffer.concat(c).toString())); }).on('error', reject);
    });
    const api = `${app.base}/api/songs/${song!.id}/download?format=flac`;
    const one = JSON.parse(await get(api, true)).url as string;
    const kinds = { song: async () => { await get(JSON.parse(await get(api, true)).url); }, signedUrl: async () => { await get(one); }, apiOnly: async () => { await get(api, true); } };
    for (const kind of (process.env.KINDS ?? 'signedUrl,song,apiOnly').split(',') as (keyof typeof kinds)[]) {
      const n = kind === 'apiOnly' ? 1000 : 60;
      let started = 0; const c0 = cpuMs(app.pid); const t0 = performance.now();
      await Promise.all(Array.from({ length: 10 }, async () => { while (started < n) { started++; await kinds[kind](); } }));
      console.log(engine, kind, 'per s', (n / ((performance.now() - t0) / 1000)).toFixed(1), 'cpu ms each', ((cpuMs(app.pid) - c0) / n).toFixed(2));
    }
  } finally { await app.stop(); }
} finally { await place.remove(); }
