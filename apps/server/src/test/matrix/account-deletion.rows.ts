import { createAdmin, createArtist, createUser, signIn, TEST_PASSWORD } from '../factories.js';
import { matrix, type ActorName, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** Every matrix actor signs in with TEST_PASSWORD; deleting asks the caller's own current password again. */
const body = { currentPassword: TEST_PASSWORD };

/**
 * A fresh account of the actor's own kind, signed in (the world's people must outlive the row): a fan for
 * `fan` and `otherFan`, an ACTIVE artist for `artist`, a PENDING one for `otherArtist`, an admin for `admin`.
 */
async function freshSelf(w: MatrixWorld, actor: ActorName): Promise<{ id: string; cookie?: string }> {
  const app = w.t.app;
  const user =
    actor === 'admin'
      ? await createAdmin(app)
      : actor === 'artist'
        ? await createArtist(app, { artist: { status: 'ACTIVE' } })
        : actor === 'otherArtist'
          ? await createArtist(app)
          : await createUser(app);
  return actor === 'anonymous' ? { id: user.id } : { id: user.id, cookie: await signIn(app, user) };
}

export const accountDeletionRows: MatrixRow[] = [
  {
    route: 'DELETE /api/users/:id',
    case: "a fresh fan's account",
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/users/${(await createUser(w.t.app)).id}`,
      payload: body,
    }),
    expected: matrix({ anonymous: 401, admin: 200, rest: 403 }),
  },
  {
    route: 'DELETE /api/users/:id',
    case: "one's own account (a fresh one of the actor's kind): fans may, artists and admins are refused",
    request: async (w, actor) => {
      const self = await freshSelf(w, actor);
      return {
        method: 'DELETE',
        url: `/api/users/${self.id}`,
        payload: body,
        ...(self.cookie ? { headers: { cookie: self.cookie } } : {}),
      };
    },
    expected: matrix({ anonymous: 401, fan: 200, otherFan: 200, rest: 409 }),
  },
  {
    route: 'DELETE /api/users/:id',
    case: "the artist's account (nothing is deleted)",
    request: (w) => ({ method: 'DELETE', url: `/api/users/${w.people.artist.id}`, payload: body }),
    expected: matrix({ anonymous: 401, artist: 409, admin: 409, rest: 403 }),
  },
  {
    route: 'DELETE /api/users/:id',
    case: 'an unknown account',
    request: () => ({ method: 'DELETE', url: `/api/users/${crypto.randomUUID()}`, payload: body }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
];
