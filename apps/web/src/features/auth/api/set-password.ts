// POST /api/set-password: the first password of an invited staff member, from the invitation link.
import type { MessageAnswer } from '@gym/domain/api/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NewPasswordInput, PasswordLink } from './reset-password';

export const setPassword = (input: NewPasswordInput & PasswordLink) =>
  api.post<MessageAnswer>('/api/set-password', input);

export const useSetPassword = () => useMutation({ mutationFn: setPassword, meta: { notifyOnError: false } });
