import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aucklandInstant, parseAucklandDateTime } from './auckland-date-time';
import { calendarDate, startOfDayInstant, todayInAuckland } from './calendar-date';
import { formatTime } from './format';
import { calendarDateArb } from './test-arbitraries';
import { parseTimeOfDay } from './time-of-day';

describe('Auckland wall-clock date and time', () => {
  it('reads a local time in winter (+12) and summer (+13)', () => {
    expect(parseAucklandDateTime('2025-07-01 09:00')?.toISOString()).toBe('2025-06-30T21:00:00.000Z');
    expect(parseAucklandDateTime('2025-12-01T09:00:30')?.toISOString()).toBe('2025-11-30T20:00:30.000Z');
  });

  it('rejects the hour skipped when clocks go forward', () => {
    expect(parseAucklandDateTime('2025-09-28 02:30')).toBeNull();
    expect(parseAucklandDateTime('2025-09-28 03:00')?.toISOString()).toBe('2025-09-27T14:00:00.000Z');
  });

  it('takes the first of the hour repeated when clocks go back', () => {
    expect(parseAucklandDateTime('2025-04-06 02:30')?.toISOString()).toBe('2025-04-05T13:30:00.000Z');
  });

  it.each([
    '2025-13-01 10:00',
    '2025-02-30 10:00',
    '2025-01-01 24:00',
    '2025-01-01 10:60',
    '2025-01-01',
    'x',
  ])('rejects out-of-range %j', (text) => {
    expect(parseAucklandDateTime(text)).toBeNull();
  });

  it('round-trips: the instant shows the same date and time on the Auckland clock', () => {
    fc.assert(
      fc.property(
        calendarDateArb(2000, 2060),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (date, h, m) => {
          const time = parseTimeOfDay(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)!;
          const instant = aucklandInstant(date, time);
          if (instant === null) {
            expect(h).toBe(2); // only the skipped hour of the spring-forward night is missing
            return;
          }
          expect(todayInAuckland(instant)).toBe(date);
          expect(instant.getTime()).toBeGreaterThanOrEqual(startOfDayInstant(date).getTime());
          const hour12 = h % 12 === 0 ? 12 : h % 12;
          expect(formatTime(instant)).toBe(`${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`);
        },
      ),
    );
  });

  it('midnight always exists', () => {
    expect(aucklandInstant(calendarDate('2025-09-28'), parseTimeOfDay('00:00')!)).toEqual(
      startOfDayInstant(calendarDate('2025-09-28')),
    );
  });
});
