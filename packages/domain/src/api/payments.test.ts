import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDate, daysBetween } from '../calendar-date';
import {
  failureExplanation,
  LIST_MAX_DEPTH,
  lastReachablePage,
  PAYMENTS_MAX_DAYS,
  paymentsQuery,
  resolveRange,
} from './payments';

describe('failureExplanation', () => {
  it('puts known failures in plain words, whatever the provider calls them', () => {
    expect(failureExplanation('INSUFFICIENT_FUNDS', 'x')).toMatch(/not enough money/);
    expect(failureExplanation('lost_card', null)).toMatch(/lost or stolen/);
    expect(failureExplanation('AUTHENTICATION_FAILED', null)).toMatch(/AUTHENTICATION_FAILED/);
    expect(failureExplanation('WEIRD', 'Bank says no')).toBe('The provider said: Bank says no');
    expect(failureExplanation(null, null)).toBeNull();
  });

  it('always answers something for a failure', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.option(fc.string({ minLength: 1 })),
        (code, description) => {
          expect(failureExplanation(code, description)).toEqual(expect.any(String));
        },
      ),
    );
  });
});

describe('paymentsQuery', () => {
  it('reads the filters of the address and refuses a backwards or too long range', () => {
    expect(paymentsQuery.parse({ status: 'failed', is_retry: 'true', gym_id: '4' })).toMatchObject({
      status: 'failed',
      is_retry: true,
      gym_id: 4,
      page: 1,
      per_page: 25,
    });
    expect(paymentsQuery.safeParse({ from: '2026-03-10', to: '2026-03-01' }).success).toBe(false);
    expect(paymentsQuery.safeParse({ from: '2025-01-01', to: '2026-03-01' }).success).toBe(false);
    expect(paymentsQuery.safeParse({ from: '2025-03-02', to: '2026-03-01' }).success).toBe(true);
  });
});

describe('resolveRange', () => {
  const today = '2026-11-27' as CalendarDate;

  it('keeps the dates asked for, fills a missing end, and without dates covers the default days to today', () => {
    expect(resolveRange({ from: '2026-03-01', to: '2026-03-31' }, today, 30, 366)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(resolveRange({}, today, 30, 366)).toEqual({ from: '2026-10-29', to: today });
    expect(resolveRange({}, today, 7, 366)).toEqual({ from: '2026-11-21', to: today });
    // A start alone runs to today, but no further than the longest range; one after today is one day.
    expect(resolveRange({ from: '2026-11-01' }, today, 30, 366)).toEqual({ from: '2026-11-01', to: today });
    expect(resolveRange({ from: '2024-01-01' }, today, 30, 366)).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(resolveRange({ from: '2026-12-05' }, today, 30, 366)).toEqual({
      from: '2026-12-05',
      to: '2026-12-05',
    });
    // An end alone: the default days up to it.
    expect(resolveRange({ to: '2026-03-31' }, today, 30, 366)).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
    });
  });

  it('always answers a range the lists accept', () => {
    const day = fc.integer({ min: -2000, max: 2000 }).map((n) => addDays(today, n));
    fc.assert(
      fc.property(fc.option(day, { nil: undefined }), fc.option(day, { nil: undefined }), (from, to) => {
        fc.pre(!(from && to));
        const range = resolveRange({ from, to }, today, 30, PAYMENTS_MAX_DAYS);
        expect(daysBetween(range.from, range.to)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(range.from, range.to)).toBeLessThan(PAYMENTS_MAX_DAYS);
        expect(paymentsQuery.safeParse(range).success).toBe(true);
      }),
    );
  });
});

describe('list depth', () => {
  it('offers pages down to LIST_MAX_DEPTH rows and refuses a page past it', () => {
    expect(lastReachablePage(0, 25)).toBe(1);
    expect(lastReachablePage(60, 25)).toBe(3);
    expect(lastReachablePage(250_000, 25)).toBe(LIST_MAX_DEPTH / 25);
    expect(lastReachablePage(250_000, 30)).toBe(333);
    expect(paymentsQuery.safeParse({ page: '400', per_page: '25' }).success).toBe(true);
    const past = paymentsQuery.safeParse({ page: '401', per_page: '25' });
    expect(past.success).toBe(false);
    expect(past.error?.issues[0]?.path).toEqual(['page']);
  });
});
