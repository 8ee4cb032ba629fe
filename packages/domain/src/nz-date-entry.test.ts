import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDate } from './calendar-date';
import { formatDate } from './format';
import { parseNzDate } from './nz-date-entry';

describe('dates typed the New Zealand way', () => {
  it('reads day first, with slashes, dashes or dots, and two-digit years', () => {
    expect(parseNzDate('14/11/2026')).toBe('2026-11-14');
    expect(parseNzDate('4/3/2026')).toBe('2026-03-04');
    expect(parseNzDate('04-03-26', 2026)).toBe('2026-03-04');
    expect(parseNzDate('21.03.85', 2026)).toBe('1985-03-21');
    expect(parseNzDate(' 2026-11-14 ')).toBe('2026-11-14');
  });

  it('reads months in words, short or whole', () => {
    expect(parseNzDate('14 Nov 2026')).toBe('2026-11-14');
    expect(parseNzDate('1st march 2027')).toBe('2027-03-01');
    expect(parseNzDate('14 Novem 2026')).toBe('2026-11-14');
    expect(parseNzDate('14 Novx 2026')).toBeNull();
  });

  it('refuses what is not a real date, or is month first', () => {
    expect(parseNzDate('31/02/2026')).toBeNull();
    expect(parseNzDate('11/14/2026')).toBeNull();
    expect(parseNzDate('2026')).toBeNull();
    expect(parseNzDate('')).toBeNull();
  });

  it('reads back every date it shows, short and medium', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40_000, max: 40_000 }), (offset) => {
        const date = addDays(calendarDate('2026-01-01'), offset);
        expect(parseNzDate(formatDate(date, 'short'))).toBe(date);
        expect(parseNzDate(formatDate(date, 'medium'))).toBe(date);
      }),
    );
  });
});
