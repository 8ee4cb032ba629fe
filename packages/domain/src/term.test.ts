import { describe, expect, it } from 'vitest';
import { calendarDate } from './calendar-date';
import { formatTerm, hasTerm, isTermUnit, isWithinTerm, shortTermLabel, termEndDate, termOf } from './term';

const d = calendarDate;

describe('terms', () => {
  it('formats a term and its short label', () => {
    expect(formatTerm({ termAmount: 12, termUnit: 'months' })).toBe('12 months');
    expect(formatTerm({ termAmount: 1, termUnit: 'years' })).toBe('1 year');
    expect(formatTerm({ termAmount: 6, termUnit: 'weeks' })).toBe('6 weeks');
    expect(formatTerm({ termAmount: null, termUnit: null })).toBeNull();
    expect(shortTermLabel({ termAmount: 12, termUnit: 'months' })).toBe('12 months initial');
    expect(shortTermLabel({ termAmount: 1, termUnit: 'days' })).toBe('1 day initial');
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

describe('termOf and isWithinTerm', () => {
  it('reads a row’s term once, and says whether a day is inside a membership’s term', () => {
    expect(termOf({ term_amount: 12, term_unit: 'months' })).toEqual({ termAmount: 12, termUnit: 'months' });
    expect(termOf({ term_amount: null, term_unit: null })).toBeNull();
    expect(termOf({ term_amount: 3, term_unit: 'fortnights' })).toBeNull();
    const sub = { isTermMembership: true, termEndsAt: '2026-06-01' };
    expect(isWithinTerm(sub, '2026-05-31')).toBe(true);
    expect(isWithinTerm(sub, '2026-06-01')).toBe(false);
    expect(isWithinTerm({ isTermMembership: false, termEndsAt: '2026-06-01' }, '2026-05-01')).toBe(false);
    expect(isWithinTerm({ isTermMembership: true, termEndsAt: null }, '2026-05-01')).toBe(false);
  });
});
