import type { CodeSentAnswer, ConfirmedAnswer, ConfirmUserBody } from '@hfm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from './client';

export function confirmUser(body: ConfirmUserBody): Promise<ConfirmedAnswer> {
  return api.post('/auth/confirm-user', { body });
}

export function resendCode(body: { email: string }): Promise<CodeSentAnswer> {
  return api.post('/auth/resend-code', { body });
}

export function useConfirmUser() {
  return useMutation({ mutationFn: confirmUser });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
