// fast-check generators shared by the property tests (test support only; not exported by the package).
import fc from 'fast-check';
import { type CalendarDate, calendarDateFromParts, daysInMonth } from './calendar-date';

/** Dates 1990-2100, biased towards month ends (day clamped to the month) where billing bugs live. */
export const calendarDateArb = (minYear = 1990, maxYear = 2100): fc.Arbitrary<CalendarDate> =>
  fc
    .record({
      year: fc.integer({ min: minYear, max: maxYear }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .map(
      ({ year, month, day }) => calendarDateFromParts(year, month, Math.min(day, daysInMonth(year, month)))!,
    );

/** Whole cents up to $100,000.00, zero included. */
export const centsArb = fc.integer({ min: 0, max: 10_000_000 });

/** Instants 2000-2060 (whole milliseconds, never invalid). */
export const instantArb = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) })
  .map((ms) => new Date(ms));
