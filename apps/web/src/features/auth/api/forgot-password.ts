// POST /api/forgot-password: asks for a reset link. The answer is the same whether or not the address
// has an account, so it says nothing about who uses the product.

import { type ForgotPasswordBody, forgotPasswordBody } from '@gym/domain/api/auth-requests';
import type { MessageAnswer } from '@gym/domain/api/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const forgotPasswordInputSchema = forgotPasswordBody;
type ForgotPasswordInput = ForgotPasswordBody;

const forgotPassword = (input: ForgotPasswordInput) => api.post<MessageAnswer>('/api/forgot-password', input);

export const useForgotPassword = () =>
  useMutation({ mutationFn: forgotPassword, meta: { notifyOnError: false } });
