import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAdmin, createArtist, createUser, signIn } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

describe('route access declarations', () => {
  it('refuses to start while an /api route declares no access, naming it', async () => {
    await expect(
      createTestApp(
        {},
        {
          beforeReady: (app) => {
            app.get('/api/forgotten', async () => ({ ok: true }));
            app.get('/not-api', async () => ({ ok: true }));
          },
        },
      ),
    ).rejects.toThrow(/must declare its access.*: GET \/api\/forgotten$/);
  });

  it('enforces each kind before the body is read or validated', async () => {
    const t = await createTestApp(
      {},
      {
        beforeReady: (app) => {
          for (const access of ['public', 'signedIn', 'artist', 'admin', 'signedUrl'] as const) {
            app.post(
              `/api/kinds/${access}`,
              {
                config: { access },
                schema: { body: z.object({ name: z.string() }) },
              },
              async () => ({ ok: true }),
            );
          }
        },
      },
    );
    try {
      const cookies = {
        anonymous: undefined,
        fan: await signIn(t.app, await createUser(t.app)),
        artist: await signIn(t.app, await createArtist(t.app)),
        admin: await signIn(t.app, await createAdmin(t.app)),
      };
      const statuses: Record<string, Record<string, number>> = {};
      for (const access of ['public', 'signedIn', 'artist', 'admin', 'signedUrl']) {
        statuses[access] = {};
        for (const [actor, cookie] of Object.entries(cookies)) {
          const res = await injectAs(t, cookie, { method: 'POST', url: `/api/kinds/${access}`, payload: {} });
          statuses[access][actor] = res.statusCode;
        }
      }
      // 400 is the body's validation: reached only by callers the route lets in.
      expect(statuses).toEqual({
        public: { anonymous: 400, fan: 400, artist: 400, admin: 400 },
        signedIn: { anonymous: 401, fan: 400, artist: 400, admin: 400 },
        artist: { anonymous: 401, fan: 403, artist: 400, admin: 400 },
        admin: { anonymous: 401, fan: 403, artist: 403, admin: 400 },
        signedUrl: { anonymous: 400, fan: 400, artist: 400, admin: 400 },
      });
    } finally {
      await t.close();
    }
  });
});
