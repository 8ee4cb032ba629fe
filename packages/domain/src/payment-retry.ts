// Which payment failures are retried, and when (BILLING.md "Failure, grace and arrears").
import { addDays, type CalendarDate } from './calendar-date';

/** Failures that may clear by themselves: retried on the schedule. */
export const SOFT_FAILURE_CODES = [
  'INSUFFICIENT_FUNDS',
  'BANK_ERROR',
  'PROVIDER_UNAVAILABLE',
  'AFTER_HOURS',
] as const;

/**
 * Failures that will not clear without the member: never retried; the member is asked to change their
 * payment method (BILLING.md "Failure classes": an invalid or closed account, consent revoked or
 * expired, a lost, stolen or expired card, an incorrect card number, authentication required).
 */
export const HARD_FAILURE_CODES = [
  'INVALID_ACCOUNT',
  'CONSENT_REVOKED',
  'CARD_LOST_OR_STOLEN',
  'CARD_EXPIRED',
  'INCORRECT_CARD_NUMBER',
  'AUTHENTICATION_REQUIRED',
  // A card payment the cardholder disputed with their bank (issue 30): taking it again without them
  // would be charging a card against its holder's word, so it waits for the member or staff.
  'CARD_DISPUTED',
] as const;

export type SoftFailureCode = (typeof SOFT_FAILURE_CODES)[number];
export type HardFailureCode = (typeof HARD_FAILURE_CODES)[number];
export type FailureCode = SoftFailureCode | HardFailureCode;
export type FailureKind = 'soft' | 'hard';

// Provider spellings of the same failures (Stripe decline codes are lower-case and split lost/stolen).
const ALIASES: Record<string, FailureCode> = {
  CLOSED_ACCOUNT: 'INVALID_ACCOUNT',
  ACCOUNT_CLOSED: 'INVALID_ACCOUNT',
  CONSENT_EXPIRED: 'CONSENT_REVOKED',
  EXPIRED_CARD: 'CARD_EXPIRED',
  INCORRECT_NUMBER: 'INCORRECT_CARD_NUMBER',
  INVALID_NUMBER: 'INCORRECT_CARD_NUMBER',
  LOST_CARD: 'CARD_LOST_OR_STOLEN',
  STOLEN_CARD: 'CARD_LOST_OR_STOLEN',
  PICKUP_CARD: 'CARD_LOST_OR_STOLEN',
  PROCESSING_ERROR: 'BANK_ERROR',
  TRY_AGAIN_LATER: 'PROVIDER_UNAVAILABLE',
};

/** Days after a charge's first failure on which it is retried; then retries stop. */
export const RETRY_DAYS_AFTER_FIRST_FAILURE = [1, 3, 5] as const;

/** The canonical code for a provider's error status, or null when we do not know it. */
export function normaliseFailureCode(code: string | null | undefined): FailureCode | null {
  if (!code) return null;
  const upper = code
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if ((SOFT_FAILURE_CODES as readonly string[]).includes(upper)) return upper as SoftFailureCode;
  if ((HARD_FAILURE_CODES as readonly string[]).includes(upper)) return upper as HardFailureCode;
  return ALIASES[upper] ?? null;
}

/**
 * Hard for the codes above; every other failure, a generic card decline or a code we do not know
 * included, is soft and follows the retry schedule (BILLING.md "Failure classes").
 */
export function failureKind(code: string | null | undefined): FailureKind {
  const known = normaliseFailureCode(code);
  return known !== null && (HARD_FAILURE_CODES as readonly string[]).includes(known) ? 'hard' : 'soft';
}

/** Every retry date of a charge that first failed on `firstFailedOn`. */
export function retrySchedule(firstFailedOn: CalendarDate): CalendarDate[] {
  return RETRY_DAYS_AFTER_FIRST_FAILURE.map((days) => addDays(firstFailedOn, days));
}

export interface RetryInput {
  /** Auckland date of the charge's first failed attempt. */
  firstFailedOn: CalendarDate;
  /** Retry attempts already made for this charge (payments with is_retry). */
  retriesMade: number;
  /** error_status of the latest failed attempt. */
  lastFailureCode: string | null | undefined;
}

/** When to try the charge again, or null: after a hard failure, or once the schedule is used up. */
export function nextRetryDate(input: RetryInput): CalendarDate | null {
  if (!Number.isInteger(input.retriesMade) || input.retriesMade < 0) {
    throw new RangeError(`Bad retry count ${input.retriesMade}`);
  }
  if (failureKind(input.lastFailureCode) === 'hard') return null;
  const days = RETRY_DAYS_AFTER_FIRST_FAILURE[input.retriesMade];
  return days === undefined ? null : addDays(input.firstFailedOn, days);
}

/** Whether the daily run should retry today (a missed run catches up on the next day it runs). */
export function isRetryDue(input: RetryInput, today: CalendarDate): boolean {
  const next = nextRetryDate(input);
  return next !== null && next <= today;
}
