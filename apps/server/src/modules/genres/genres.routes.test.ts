import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genres } from '../../platform/db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/genres', () => {
  it('answers every genre to anyone, sorted by label without regard to case', async () => {
    await t.app.ctx.db.insert(genres).values([{ label: 'ambient' }, { label: 'Zydeco', artwork: 'z.png' }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/genres' });
    expect(res.statusCode).toBe(200);
    const list: { _id: string; id: string; label: string; artwork: string | null }[] = res.json();
    const labels = list.map((genre) => genre.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(labels.slice(0, 2)).toEqual(['Alternative', 'ambient']);
    expect(labels.at(-1)).toBe('Zydeco');
    expect(labels).toContain('Rock');
    for (const genre of list) expect(Object.keys(genre).sort()).toEqual(['_id', 'artwork', 'id', 'label']);
    expect(list.find((genre) => genre.label === 'Zydeco')).toMatchObject({ artwork: 'z.png' });
    expect(list[0]!._id).toBe(list[0]!.id);
  });
});
