// POST /api/email/resend: emails a new sign-in code. The server allows one every 30 seconds and says
// how long is left ('Please wait N seconds…', 429).
import type { MessageAnswer } from '@gym/domain/api/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const RESEND_COOL_DOWN_SECONDS = 30;

const resendCode = () => api.post<MessageAnswer>('/api/email/resend', undefined, { skipErrorHandler: true });

export const useResendCode = () => useMutation({ mutationFn: resendCode, meta: { notifyOnError: false } });

/** The seconds a 429 answer asks to wait ('Please wait 12 seconds…'), or the full cool-down. */
export function secondsToWait(message: string): number {
  const seconds = Number(/(\d+)\s*seconds?/i.exec(message)?.[1]);
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds, RESEND_COOL_DOWN_SECONDS)
    : RESEND_COOL_DOWN_SECONDS;
}
