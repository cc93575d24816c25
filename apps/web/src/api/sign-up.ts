import type {
  ArtistSignUpAnswer,
  ArtistSignUpRequest,
  CreateFanBody,
  EmailExistsAnswer,
  PublicUser,
} from '@hfm/shared';
import { api } from './client';

/**
 * The sign-up endpoints. The sign-up forms call them directly (they keep their own saving state), so the
 * sign-up pages load no react-query mutation code; confirming the code is api/identity.ts.
 */
export function checkEmail(email: string): Promise<EmailExistsAnswer> {
  return api.get('/users/check-email/{email}', { params: { email } });
}

/** The fan sign-up body (docs/identity.md): the account form plus role 'subscriber'. */
export function createFan(body: CreateFanBody): Promise<PublicUser> {
  return api.post('/users/create', { body });
}

/** Multipart with the `artist` and `user` JSON parts, as the spec's client sends it. */
export function createArtist({ artist, user }: ArtistSignUpRequest): Promise<ArtistSignUpAnswer> {
  const form = new FormData();
  form.append('artist', JSON.stringify(artist));
  form.append('user', JSON.stringify(user));
  return api.post('/artists/create', { body: form });
}
