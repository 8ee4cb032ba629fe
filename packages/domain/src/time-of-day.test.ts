import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareTimes,
  formatTimeOfDay,
  isTimeOfDay,
  minutesSinceMidnight,
  parseTimeOfDay,
} from './time-of-day';

describe('time of day', () => {
  it('parses HH:mm and HH:mm:ss to HH:mm', () => {
    expect(parseTimeOfDay('06:00')).toBe('06:00');
    expect(parseTimeOfDay('21:30:00')).toBe('21:30');
    expect(parseTimeOfDay('00:00')).toBe('00:00');
    expect(parseTimeOfDay('23:59:59')).toBe('23:59');
  });

  it.each(['24:00', '12:60', '12:00:60', '6:00', '06:00 am', '', 'noon'])('rejects %j', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
    expect(isTimeOfDay(text)).toBe(false);
  });

  it('formats the en-NZ way', () => {
    expect(formatTimeOfDay(parseTimeOfDay('06:00')!)).toBe('6:00 am');
    expect(formatTimeOfDay(parseTimeOfDay('12:30')!)).toBe('12:30 pm');
    expect(formatTimeOfDay(parseTimeOfDay('00:15')!)).toBe('12:15 am');
    expect(formatTimeOfDay(parseTimeOfDay('23:05')!)).toBe('11:05 pm');
  });

  it('orders like minutes since midnight, for every valid time', () => {
    const timeArb = fc
      .record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) })
      .map(({ h, m }) => parseTimeOfDay(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)!);
    fc.assert(
      fc.property(timeArb, timeArb, (a, b) => {
        expect(compareTimes(a, b)).toBe(Math.sign(minutesSinceMidnight(a) - minutesSinceMidnight(b)));
        expect(minutesSinceMidnight(a)).toBeGreaterThanOrEqual(0);
        expect(minutesSinceMidnight(a)).toBeLessThan(24 * 60);
      }),
    );
  });
});
