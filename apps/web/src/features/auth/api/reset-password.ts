// POST /api/reset-password: a new password from the emailed reset link (token and email in its query).

import { type NewPasswordBody, newPasswordBody } from '@gym/domain/api/auth-requests';
import type { MessageAnswer } from '@gym/domain/api/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The new password and its repeat; shared by the reset and the invitation (set-password) forms. */
export const newPasswordInputSchema = newPasswordBody;
export type NewPasswordInput = NewPasswordBody;

/** What the emailed link carries. */
export interface PasswordLink {
  token: string;
  email: string;
}

export const resetPassword = (input: NewPasswordInput & PasswordLink) =>
  api.post<MessageAnswer>('/api/reset-password', input);

export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, meta: { notifyOnError: false } });
