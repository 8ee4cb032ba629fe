// Which status each failure code ends in, and the words Akahu-style `status_text` uses for it.
import type { PaymentOutcome, PaymentStatusCode } from './state';

const DECLINED: PaymentStatusCode[] = [
  'INSUFFICIENT_FUNDS',
  'INVALID_ACCOUNT',
  'SINGLE_LIMIT_EXCEEDED',
  'DAILY_LIMIT_EXCEEDED',
  'AKAHU_LIMIT_EXCEEDED',
  'MFA_FAILED',
];
const CANCELLED: PaymentStatusCode[] = ['USER_CANCELLED', 'APP_CANCELLED', 'AKAHU_CANCELLED'];

const TEXT: Partial<Record<PaymentStatusCode, string>> = {
  INSUFFICIENT_FUNDS: 'There are not enough funds in the account to make this payment.',
  INVALID_ACCOUNT: 'The payee account number was rejected by the bank.',
  BANK_ERROR: 'The bank returned an error while making this payment.',
  INTERNAL_ERROR: 'Akahu encountered an error while making this payment.',
  UNAVAILABLE: 'The bank is currently unavailable.',
  AFTER_HOURS: 'The bank does not process payments at this time.',
  AUTHENTICATION_FAILED: 'The connection to the bank needs to be re-authorised.',
  SINGLE_LIMIT_EXCEEDED: 'The payment is above the single payment limit.',
  DAILY_LIMIT_EXCEEDED: 'The payment is above the daily payment limit.',
  APP_CANCELLED: 'The payment was cancelled by the app.',
  USER_CANCELLED: 'The payment was cancelled by the user.',
};

/** The default outcome for a failure code (tests may also give the status explicitly). */
export function outcomeForCode(code: PaymentStatusCode): PaymentOutcome {
  const status = DECLINED.includes(code) ? 'DECLINED' : CANCELLED.includes(code) ? 'CANCELLED' : 'ERROR';
  return { status, status_code: code, status_text: TEXT[code] ?? code };
}

export const statusTextFor = (code: PaymentStatusCode): string => TEXT[code] ?? code;
