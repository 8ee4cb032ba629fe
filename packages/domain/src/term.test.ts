import { describe, expect, it } from 'vitest';
import { calendarDate } from './calendar-date';
import { formatTerm, hasTerm, isTermUnit, shortTermLabel, termEndDate } from './term';

const d = calendarDate;

describe('terms', () => {
  it('formats a term and its short label', () => {
    expect(formatTerm({ termAmount: 12, termUnit: 'months' })).toBe('12 months');
    expect(formatTerm({ termAmount: 1, termUnit: 'years' })).toBe('1 year');
    expect(formatTerm({ termAmount: 6, termUnit: 'weeks' })).toBe('6 weeks');
    expect(formatTerm({ termAmount: null, termUnit: null })).toBeNull();
    expect(shortTermLabel({ termAmount: 12, termUnit: 'months' })).toBe('12 months membership');
    expect(shortTermLabel({ termAmount: 1, termUnit: 'days' })).toBe('1 day membership');
  });

  it('needs both parts for a term membership', () => {
    expect(hasTerm({ termAmount: 12, termUnit: 'months' })).toBe(true);
    expect(hasTerm({ termAmount: 12, termUnit: null })).toBe(false);
    expect(hasTerm({ termAmount: 0, termUnit: 'months' })).toBe(false);
    expect(hasTerm({ termAmount: undefined, termUnit: 'months' })).toBe(false);
    expect(isTermUnit('fortnights')).toBe(false);
  });

  it('ends a term on calendar days or clamped months', () => {
    expect(termEndDate(d('2025-01-15'), { termAmount: 10, termUnit: 'days' })).toBe('2025-01-25');
    expect(termEndDate(d('2025-01-15'), { termAmount: 2, termUnit: 'weeks' })).toBe('2025-01-29');
    expect(termEndDate(d('2025-01-31'), { termAmount: 1, termUnit: 'months' })).toBe('2025-02-28');
    expect(termEndDate(d('2024-02-29'), { termAmount: 1, termUnit: 'years' })).toBe('2025-02-28');
    expect(termEndDate(d('2025-03-10'), { termAmount: 12, termUnit: 'months' })).toBe('2026-03-10');
  });
});
