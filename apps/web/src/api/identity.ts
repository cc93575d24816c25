import type {
  ArtistSignUpAnswer,
  ArtistSignUpRequest,
  CodeSentAnswer,
  ConfirmedAnswer,
  ConfirmUserBody,
  CreateFanBody,
  EmailExistsAnswer,
  PublicUser,
} from '@hfm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from './client';

export function checkEmail(email: string): Promise<EmailExistsAnswer> {
  return api(`/api/users/check-email/${encodeURIComponent(email)}`);
}

/** The fan sign-up body (docs/identity.md): the account form plus role 'subscriber'. */
export function createFan(body: CreateFanBody): Promise<PublicUser> {
  return api('/api/users/create', { body });
}

/** Multipart with the `artist` and `user` JSON parts, as the spec's client sends it. */
export function createArtist({ artist, user }: ArtistSignUpRequest): Promise<ArtistSignUpAnswer> {
  const form = new FormData();
  form.append('artist', JSON.stringify(artist));
  form.append('user', JSON.stringify(user));
  return api('/api/artists/create', { body: form });
}

export function confirmUser(body: ConfirmUserBody): Promise<ConfirmedAnswer> {
  return api('/api/auth/confirm-user', { body });
}

export function resendCode(body: { email: string }): Promise<CodeSentAnswer> {
  return api('/api/auth/resend-code', { body });
}

export function useCreateFan() {
  return useMutation({ mutationFn: createFan });
}

export function useCreateArtist() {
  return useMutation({ mutationFn: createArtist });
}

export function useConfirmUser() {
  return useMutation({ mutationFn: confirmUser });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
