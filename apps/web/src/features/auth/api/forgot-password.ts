// POST /api/forgot-password: asks for a reset link. The answer is the same whether or not the address
// has an account, so it says nothing about who uses the product.
import type { MessageAnswer } from '@gym/domain/api/me';
import { email } from '@gym/domain/validation-messages';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const forgotPasswordInputSchema = z.object({ email: email() });

export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<MessageAnswer>('/api/forgot-password', input);

export const useForgotPassword = () =>
  useMutation({ mutationFn: forgotPassword, meta: { notifyOnError: false } });
