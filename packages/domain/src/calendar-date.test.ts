import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  type CalendarDate,
  calendarDate,
  calendarDateParts,
  compareDates,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  isCalendarDate,
  isLeapYear,
  maxDate,
  minDate,
  parseCalendarDate,
  startOfDayInstant,
  todayInAuckland,
} from './calendar-date';
import { calendarDateArb, instantArb } from './test-arbitraries';

const d = calendarDate;
const HOUR = 3_600_000;
const utcDay = (date: CalendarDate) => {
  const { year, month, day } = calendarDateParts(date);
  return Date.UTC(year, month - 1, day) / 86_400_000;
};

describe('parseCalendarDate', () => {
  it('accepts real dates', () => {
    expect(parseCalendarDate('2024-02-29')).toBe('2024-02-29');
    expect(parseCalendarDate('2025-12-31')).toBe('2025-12-31');
  });

  it.each([
    '2025-02-29',
    '2100-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-01-00',
    '2025-1-01',
    '25-01-01',
    '2025-01-01T00:00',
    ' 2025-01-01',
    '',
  ])('rejects %j', (text) => {
    expect(parseCalendarDate(text)).toBeNull();
    expect(isCalendarDate(text)).toBe(false);
    expect(() => calendarDate(text)).toThrow(RangeError);
  });

  it('knows leap years', () => {
    expect([1900, 2000, 2024, 2025].map(isLeapYear)).toEqual([false, true, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month, year and leap day', () => {
    expect(addDays(d('2024-02-28'), 1)).toBe('2024-02-29');
    expect(addDays(d('2025-02-28'), 1)).toBe('2025-03-01');
    expect(addDays(d('2025-12-31'), 1)).toBe('2026-01-01');
    expect(addDays(d('2025-03-01'), -1)).toBe('2025-02-28');
  });

  it('keeps the month anchor through short months', () => {
    expect(addMonthsClamped(d('2025-01-31'), 1, 31)).toBe('2025-02-28');
    expect(addMonthsClamped(d('2025-02-28'), 1, 31)).toBe('2025-03-31');
    expect(addMonthsClamped(d('2024-01-31'), 1, 31)).toBe('2024-02-29');
    expect(addMonthsClamped(d('2025-01-30'), 1)).toBe('2025-02-28');
    expect(addMonthsClamped(d('2025-03-31'), -1, 31)).toBe('2025-02-28');
    expect(addMonthsClamped(d('2025-11-15'), 3)).toBe('2026-02-15');
    expect(addMonthsClamped(d('2024-02-29'), 12)).toBe('2025-02-28');
  });

  it('counts calendar days, including over daylight-saving changes', () => {
    expect(daysBetween(d('2025-09-27'), d('2025-09-29'))).toBe(2); // spring forward on the 28th
    expect(daysBetween(d('2025-04-05'), d('2025-04-07'))).toBe(2); // fall back on the 6th
    expect(daysBetween(d('2024-01-01'), d('2025-01-01'))).toBe(366);
    expect(daysBetween(d('2025-01-01'), d('2024-01-01'))).toBe(-366);
  });

  it('names the day of the week, Monday = 1', () => {
    expect(dayOfWeek(d('2025-09-01'))).toBe(1);
    expect(dayOfWeek(d('2025-09-28'))).toBe(7);
    expect(dayOfWeek(d('1970-01-01'))).toBe(4);
    expect(dayOfWeek(d('1969-12-29'))).toBe(1);
  });

  it('compares, min and max', () => {
    expect(compareDates(d('2025-01-01'), d('2025-01-02'))).toBe(-1);
    expect(compareDates(d('2025-01-02'), d('2025-01-02'))).toBe(0);
    expect(minDate(d('2025-01-03'), d('2025-01-02'))).toBe('2025-01-02');
    expect(maxDate(d('2025-01-03'), d('2025-01-02'))).toBe('2025-01-03');
  });

  it('refuses fractional steps and bad anchors', () => {
    expect(() => addDays(d('2025-01-01'), 0.5)).toThrow(RangeError);
    expect(() => addMonthsClamped(d('2025-01-01'), 1, 32)).toThrow(RangeError);
  });
});

describe('calendar arithmetic properties', () => {
  it('daysBetween agrees with a UTC day count and addDays inverts it', () => {
    fc.assert(
      fc.property(calendarDateArb(), calendarDateArb(), (a, b) => {
        const days = daysBetween(a, b);
        expect(days).toBe(utcDay(b) - utcDay(a));
        expect(addDays(a, days)).toBe(b);
      }),
    );
  });

  it('addDays is a homomorphism and every result parses', () => {
    fc.assert(
      fc.property(
        calendarDateArb(),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        (a, x, y) => {
          expect(addDays(addDays(a, x), y)).toBe(addDays(a, x + y));
          expect(isCalendarDate(addDays(a, x))).toBe(true);
        },
      ),
    );
  });

  it('compareDates orders like daysBetween', () => {
    fc.assert(
      fc.property(calendarDateArb(), calendarDateArb(), (a, b) => {
        expect(compareDates(a, b)).toBe(Math.sign(daysBetween(b, a)));
      }),
    );
  });

  it('the day of the week advances by one each day', () => {
    fc.assert(
      fc.property(calendarDateArb(), (a) => {
        expect(dayOfWeek(addDays(a, 1))).toBe((dayOfWeek(a) % 7) + 1);
        expect(dayOfWeek(a)).toBe(((new Date(utcDay(a) * 86_400_000).getUTCDay() + 6) % 7) + 1);
      }),
    );
  });

  it('addMonthsClamped lands on the anchor or the month end, never drifting', () => {
    fc.assert(
      fc.property(
        calendarDateArb(),
        fc.integer({ min: -240, max: 240 }),
        fc.integer({ min: 1, max: 31 }),
        (a, months, anchor) => {
          const result = addMonthsClamped(a, months, anchor);
          const { year, month, day } = calendarDateParts(result);
          const start = calendarDateParts(a);
          expect(year * 12 + month).toBe(start.year * 12 + start.month + months);
          expect(day).toBe(Math.min(anchor, daysInMonth(year, month)));
          // Stepping one month at a time from the anchor ends in the same place as one big step.
          let stepped = addMonthsClamped(a, 0, anchor);
          for (let i = 0; i < Math.abs(months) && i < 24; i++)
            stepped = addMonthsClamped(stepped, Math.sign(months), anchor);
          if (Math.abs(months) <= 24) expect(stepped).toBe(result);
        },
      ),
    );
  });
});

describe('Auckland days and instants', () => {
  it('finds the Auckland date of an instant', () => {
    expect(todayInAuckland(new Date('2025-06-30T12:00:00Z'))).toBe('2025-07-01'); // NZST +12
    expect(todayInAuckland(new Date('2025-06-30T11:59:59.999Z'))).toBe('2025-06-30');
    expect(todayInAuckland(new Date('2025-12-31T11:00:00Z'))).toBe('2026-01-01'); // NZDT +13
    expect(() => todayInAuckland(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('gives every instant the date the zone arithmetic gives it (the per-hour memo changes nothing)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.boolean(),
        (ms, twice) => {
          const local = new TZDate(ms, 'Pacific/Auckland');
          const expected = [
            String(local.getFullYear()).padStart(4, '0'),
            String(local.getMonth() + 1).padStart(2, '0'),
            String(local.getDate()).padStart(2, '0'),
          ].join('-');
          expect(todayInAuckland(new Date(ms))).toBe(expected);
          if (twice) expect(todayInAuckland(new Date(ms))).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
    // Either side of a midnight, asked again once the hour is kept.
    for (let i = 0; i < 2; i++) {
      expect(todayInAuckland(new Date('2025-09-27T11:59:59.999Z'))).toBe('2025-09-27');
      expect(todayInAuckland(new Date('2025-09-27T12:00:00Z'))).toBe('2025-09-28');
    }
  });

  it('starts days at Auckland midnight, 23 hours on the spring-forward day and 25 on fall-back', () => {
    expect(startOfDayInstant(d('2025-09-28')).toISOString()).toBe('2025-09-27T12:00:00.000Z');
    expect(startOfDayInstant(d('2025-09-29')).toISOString()).toBe('2025-09-28T11:00:00.000Z');
    expect(startOfDayInstant(d('2025-04-06')).toISOString()).toBe('2025-04-05T11:00:00.000Z');
    expect(startOfDayInstant(d('2025-04-07')).toISOString()).toBe('2025-04-06T12:00:00.000Z');
  });

  it('every day is 23, 24 or 25 hours and maps back to itself', () => {
    fc.assert(
      fc.property(calendarDateArb(2000, 2060), (a) => {
        const start = startOfDayInstant(a).getTime();
        const next = startOfDayInstant(addDays(a, 1)).getTime();
        expect([23 * HOUR, 24 * HOUR, 25 * HOUR]).toContain(next - start);
        expect(todayInAuckland(new Date(start))).toBe(a);
        expect(todayInAuckland(new Date(next - 1))).toBe(a);
      }),
    );
  });

  it('DST days fall on the last Sunday of September (23 h) and the first Sunday of April (25 h)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2008, max: 2060 }), (year) => {
        let spring = d(`${year}-09-30`);
        while (dayOfWeek(spring) !== 7) spring = addDays(spring, -1);
        let autumn = d(`${year}-04-01`);
        while (dayOfWeek(autumn) !== 7) autumn = addDays(autumn, 1);
        const length = (day: CalendarDate) =>
          startOfDayInstant(addDays(day, 1)).getTime() - startOfDayInstant(day).getTime();
        expect(length(spring)).toBe(23 * HOUR);
        expect(length(autumn)).toBe(25 * HOUR);
        expect(length(addDays(spring, -1))).toBe(24 * HOUR);
        expect(length(addDays(autumn, 1))).toBe(24 * HOUR);
      }),
    );
  });

  it('any instant lies inside the Auckland day it names', () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const today = todayInAuckland(now);
        expect(startOfDayInstant(today).getTime()).toBeLessThanOrEqual(now.getTime());
        expect(startOfDayInstant(addDays(today, 1)).getTime()).toBeGreaterThan(now.getTime());
      }),
    );
  });
});
