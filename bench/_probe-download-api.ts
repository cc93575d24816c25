import http from 'node:http';
import { cpuMs, createPlace, saveCard, seedCatalogue, signUpFan, startApp, withDatabase, loadAverage } from './bench-kit.ts';

const engine = (process.env.BENCH_ENGINES ?? 'pglite') as 'pglite' | 'postgres';
const place = await createPlace(engine, 'probe');
try {
  await seedCatalogue(place, 2, 10);
  const [song] = await withDatabase(place, (q) => q<{ id: string; artist_id: string }>(`select s.id, s.artist_id from songs s join artists a on a.id=s.artist_id where a.status='ACTIVE' and s.status='ready' and s.active and s.download_files is not null limit 1`));
  const app = await startApp(place);
  try {
    const fan = await signUpFan(app, place, `probe-${Date.now()}@example.com`);
    const card = await saveCard(app, fan);
    const sub = await fetch(`${app.base}/api/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: fan.cookie }, body: JSON.stringify({ memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: song!.artist_id }) });
    if (sub.status !== 201) throw new Error(await sub.text());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) => new Promise<number>((resolve, reject) => {
      http.get(url, { agent, headers: { cookie: fan.cookie } }, (r) => { r.resume(); r.on('end', () => resolve(r.statusCode!)); }).on('error', reject);
    });
    for (const [name, url] of [['download', `${app.base}/api/songs/${song!.id}/download?format=flac`], ['session', `${app.base}/api/auth/session`], ['download', `${app.base}/api/songs/${song!.id}/download?format=flac`]] as const) {
      for (let i = 0; i < 50; i++) await get(url);
      const n = 500; const c0 = cpuMs(app.pid); const t0 = performance.now();
      let status = 0;
      for (let i = 0; i < n; i++) status = await get(url);
      console.log(engine, name, status, 'ms/call', ((performance.now() - t0) / n).toFixed(2), 'cpu ms/call', ((cpuMs(app.pid) - c0) / n).toFixed(2), loadAverage());
    }
  } finally { await app.stop(); }
} finally { await place.remove(); }
