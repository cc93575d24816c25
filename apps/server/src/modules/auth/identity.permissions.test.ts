import { describe, expect, it } from 'vitest';
import { docsRows } from '../../test/matrix/docs.rows.js';
import { identityRows } from '../../test/matrix/identity.rows.js';
import { signIn } from '../../test/factories.js';
import { ACTORS, describeMatrix } from '../../test/permission-matrix.js';
import { injectAs } from '../../test/route-cast.js';

const world = describeMatrix('identity permission matrix', [...identityRows, ...docsRows]);

describe('signing out', () => {
  it.each(ACTORS)('POST /api/auth/logout as %s ends only that user’s sessions', async (actor) => {
    const { t, people, cookies } = world();
    const user = actor === 'anonymous' ? null : people[actor];
    const cookie = user ? await signIn(t.app, user) : undefined;
    const res = await injectAs(t, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    if (user && actor !== 'anonymous') cookies[actor] = await signIn(t.app, user);
    for (const other of ACTORS.filter((a) => a !== 'anonymous' && a !== actor)) {
      const check = await injectAs(t, cookies[other]!, { method: 'GET', url: '/api/initial' });
      expect(check.statusCode, `${other} after ${actor} logged out`).toBe(200);
    }
  });
});
