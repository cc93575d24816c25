import type { PublicArtist, PublicUser } from '@hfm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from './client';

/** The fan sign-up body (docs/identity.md): the account form plus role 'subscriber'. */
export interface CreateFanRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  dob: string;
  gender: string;
  role: 'subscriber';
  phoneNumber?: string | null;
  location?: string | null;
  profileImageData?: string | null;
  fileName?: string | null;
}

export interface CreateArtistRequest {
  artist: { name: string; genre: string; hfmPicksOptIn: boolean };
  user: Omit<CreateFanRequest, 'role' | 'profileImageData' | 'fileName'> & { role: 'ARTIST' };
}

export interface CreateArtistResponse {
  user: PublicUser;
  artist: PublicArtist;
}

export function checkEmail(email: string): Promise<{ exists: boolean }> {
  return api(`/api/users/check-email/${encodeURIComponent(email)}`);
}

export function createFan(body: CreateFanRequest): Promise<PublicUser> {
  return api('/api/users/create', { body });
}

/** Multipart with the `artist` and `user` JSON parts, as the spec's client sends it. */
export function createArtist({ artist, user }: CreateArtistRequest): Promise<CreateArtistResponse> {
  const form = new FormData();
  form.append('artist', JSON.stringify(artist));
  form.append('user', JSON.stringify(user));
  return api('/api/artists/create', { body: form });
}

export function confirmUser(body: { email: string; code: string }): Promise<{ confirmed: true; routeTo: string }> {
  return api('/api/auth/confirm-user', { body });
}

export function resendCode(body: { email: string }): Promise<{ sent: boolean }> {
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
