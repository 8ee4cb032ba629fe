// POST /api/reset-password: a new password from the emailed reset link (token and email in its query).
import type { MessageAnswer } from '@gym/domain/api/me';
import { mustEqualMessage, VALUE_REQUIRED } from '@gym/domain/validation-messages';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** The new password and its repeat; shared by the reset and the invitation (set-password) forms. */
export const newPasswordInputSchema = z
  .object({
    password: z.string().min(1, { error: VALUE_REQUIRED }),
    password_confirmation: z.string().min(1, { error: VALUE_REQUIRED }),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    error: mustEqualMessage('password'),
  });

export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;

/** What the emailed link carries. */
export interface PasswordLink {
  token: string;
  email: string;
}

export const resetPassword = (input: NewPasswordInput & PasswordLink) =>
  api.post<MessageAnswer>('/api/reset-password', input);

export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, meta: { notifyOnError: false } });
