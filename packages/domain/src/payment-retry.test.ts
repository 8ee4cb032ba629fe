import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, daysBetween } from './calendar-date';
import {
  failureKind,
  HARD_FAILURE_CODES,
  isRetryDue,
  nextRetryDate,
  normaliseFailureCode,
  retrySchedule,
  SOFT_FAILURE_CODES,
} from './payment-retry';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;

describe('failure kinds', () => {
  it('sorts the BILLING.md codes', () => {
    for (const code of SOFT_FAILURE_CODES) expect(failureKind(code)).toBe('soft');
    for (const code of HARD_FAILURE_CODES) expect(failureKind(code)).toBe('hard');
  });

  it('reads provider spellings', () => {
    expect(normaliseFailureCode('insufficient_funds')).toBe('INSUFFICIENT_FUNDS');
    expect(normaliseFailureCode('stolen_card')).toBe('CARD_LOST_OR_STOLEN');
    expect(normaliseFailureCode('lost-card')).toBe('CARD_LOST_OR_STOLEN');
    expect(failureKind('authentication_required')).toBe('hard');
    expect(failureKind('processing_error')).toBe('soft');
  });

  it('retries everything not named hard, a generic decline and codes it does not know included', () => {
    expect(failureKind('generic_decline')).toBe('soft');
    expect(failureKind('card_declined')).toBe('soft');
    expect(failureKind('SOMETHING_NEW')).toBe('soft');
    expect(failureKind(null)).toBe('soft');
    for (const code of ['closed_account', 'consent_expired', 'expired_card', 'incorrect_number'])
      expect(failureKind(code), code).toBe('hard');
  });
});

describe('retry schedule', () => {
  it('retries 1, 3 and 5 days after the first failure, then stops', () => {
    const firstFailedOn = d('2025-09-26');
    expect(retrySchedule(firstFailedOn)).toEqual(['2025-09-27', '2025-09-29', '2025-10-01']);
    const code = 'INSUFFICIENT_FUNDS';
    expect(nextRetryDate({ firstFailedOn, retriesMade: 0, lastFailureCode: code })).toBe('2025-09-27');
    expect(nextRetryDate({ firstFailedOn, retriesMade: 1, lastFailureCode: code })).toBe('2025-09-29');
    expect(nextRetryDate({ firstFailedOn, retriesMade: 2, lastFailureCode: code })).toBe('2025-10-01');
    expect(nextRetryDate({ firstFailedOn, retriesMade: 3, lastFailureCode: code })).toBeNull();
  });

  it('never retries a hard failure, even part-way through', () => {
    expect(
      nextRetryDate({ firstFailedOn: d('2025-01-01'), retriesMade: 1, lastFailureCode: 'CONSENT_REVOKED' }),
    ).toBeNull();
  });

  it('is due on or after its date', () => {
    const input = { firstFailedOn: d('2025-01-01'), retriesMade: 0, lastFailureCode: 'BANK_ERROR' };
    expect(isRetryDue(input, d('2025-01-01'))).toBe(false);
    expect(isRetryDue(input, d('2025-01-02'))).toBe(true);
    expect(isRetryDue(input, d('2025-01-04'))).toBe(true);
    expect(() => nextRetryDate({ ...input, retriesMade: -1 })).toThrow(RangeError);
  });

  it('makes at most three retries, each later than the last, within five days', () => {
    fc.assert(
      fc.property(calendarDateArb(), fc.constantFrom(...SOFT_FAILURE_CODES), (firstFailedOn, code) => {
        const dates = [0, 1, 2, 3, 4].map((retriesMade) =>
          nextRetryDate({ firstFailedOn, retriesMade, lastFailureCode: code }),
        );
        const scheduled = dates.filter((x) => x !== null);
        expect(scheduled).toHaveLength(3);
        expect(scheduled.map((x) => daysBetween(firstFailedOn, x))).toEqual([1, 3, 5]);
      }),
    );
  });
});
