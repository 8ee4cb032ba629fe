// Business dates (billing dates, period bounds, pause days, term ends) as Pacific/Auckland calendar dates.
import { TZDate } from '@date-fns/tz';
import {
  type CalendarDate,
  calendarDateFromParts,
  daysInMonth,
  parseCalendarDate,
} from './calendar-date-parts';

export {
  type CalendarDate,
  calendarDateFromParts,
  daysInMonth,
  isLeapYear,
  parseCalendarDate,
} from './calendar-date-parts';

/** The business time zone: every calendar date in this package is a date on the wall in Auckland. */
export const BUSINESS_TIME_ZONE = 'Pacific/Auckland';

/** ISO day of week: 1 = Monday … 7 = Sunday (the spec's offering-hours numbering). */
export type DayOfWeek = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && parseCalendarDate(value) !== null;
}

/**
 * The dates a request may carry: any a gym could mean (a date of birth, a start, a pause's end), and no
 * further, so date maths never meets a year it cannot hold (a pause ending 9999-12-31).
 */
export const EARLIEST_REQUEST_DATE = '1900-01-01' as CalendarDate;
export const LATEST_REQUEST_DATE = '2100-12-31' as CalendarDate;
export const DATE_OUT_OF_RANGE = `Value must be a date from ${EARLIEST_REQUEST_DATE} to ${LATEST_REQUEST_DATE}`;

export function isWithinRequestRange(date: CalendarDate): boolean {
  return date >= EARLIEST_REQUEST_DATE && date <= LATEST_REQUEST_DATE;
}

/** Like parseCalendarDate but throws: for literals and values already validated at the edge. */
export function calendarDate(text: string): CalendarDate {
  const date = parseCalendarDate(text);
  if (date === null) throw new RangeError(`Not a valid calendar date: ${JSON.stringify(text)}`);
  return date;
}

export function calendarDateParts(date: CalendarDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

// Days since 1970-01-01 by pure integer calendar arithmetic (H. Hinnant's days_from_civil), so no
// time zone or daylight-saving offset can ever leak into date maths.
function toEpochDay(date: CalendarDate): number {
  const { year, month, day } = calendarDateParts(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromEpochDay(epochDay: number): CalendarDate {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const date = calendarDateFromParts(year, month, day);
  if (date === null) throw new RangeError(`Date out of supported range (year ${year})`);
  return date;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days)) throw new RangeError(`addDays needs whole days, got ${days}`);
  return fromEpochDay(toEpochDay(date) + days);
}

/**
 * Moves by whole calendar months and lands on `anchorDay` clamped to the month's length. The anchor is
 * passed in (not read from `date`) so a 31st anchor survives February: 31 Jan → 28 Feb → 31 Mar.
 */
export function addMonthsClamped(date: CalendarDate, months: number, anchorDay?: number): CalendarDate {
  if (!Number.isInteger(months)) throw new RangeError(`addMonthsClamped needs whole months, got ${months}`);
  const { year, month, day } = calendarDateParts(date);
  const anchor = anchorDay ?? day;
  if (!Number.isInteger(anchor) || anchor < 1 || anchor > 31)
    throw new RangeError(`Bad anchor day ${anchor}`);
  const monthIndex = year * 12 + (month - 1) + months;
  const newYear = Math.floor(monthIndex / 12);
  const newMonth = monthIndex - newYear * 12 + 1;
  const result = calendarDateFromParts(newYear, newMonth, Math.min(anchor, daysInMonth(newYear, newMonth)));
  if (result === null) throw new RangeError(`Date out of supported range (year ${newYear})`);
  return result;
}

/** Calendar days from `a` to `b` (negative when b is earlier). Counts dates, never 24-hour blocks. */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return toEpochDay(b) - toEpochDay(a);
}

/** -1, 0 or 1; 'YYYY-MM-DD' sorts as text, so this is also a valid Array.sort comparator. */
export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a <= b ? a : b;
}

export function maxDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a >= b ? a : b;
}

export function dayOfWeek(date: CalendarDate): DayOfWeek {
  // 1970-01-01 was a Thursday (4).
  return (((((toEpochDay(date) + 3) % 7) + 7) % 7) + 1) as DayOfWeek;
}

const HOUR_MS = 3_600_000;
/** Since 1946 New Zealand's offsets are whole hours (+12, +13) and its clocks change on the hour. */
const WHOLE_HOUR_OFFSETS_FROM = Date.UTC(1946, 0, 1);
const KEPT_HOURS = 50_000;
const dateOfHour = new Map<number, CalendarDate>();

function aucklandDateAt(ms: number): CalendarDate {
  const local = new TZDate(ms, BUSINESS_TIME_ZONE);
  const date = calendarDateFromParts(local.getFullYear(), local.getMonth() + 1, local.getDate());
  if (date === null) throw new RangeError('Instant out of supported range');
  return date;
}

/**
 * The Auckland calendar date at an instant: "today" for the business, whatever the server's zone. Every
 * instant of one UTC hour falls on the same Auckland date (whole-hour offsets, changed on the hour), so
 * each hour's date is worked out once and kept: a members page asks this of many rows, and the zone
 * arithmetic was the largest part of its server time.
 */
export function todayInAuckland(now: Date): CalendarDate {
  const ms = now.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid instant');
  if (ms < WHOLE_HOUR_OFFSETS_FROM) return aucklandDateAt(ms);
  const hour = Math.floor(ms / HOUR_MS);
  const kept = dateOfHour.get(hour);
  if (kept !== undefined) return kept;
  const date = aucklandDateAt(hour * HOUR_MS);
  if (dateOfHour.size >= KEPT_HOURS) dateOfHour.clear();
  dateOfHour.set(hour, date);
  return date;
}

/** Alias that reads better when the instant is not "now" (a payment's created_at, say). */
export const toCalendarDate = todayInAuckland;

/**
 * The instant Auckland midnight begins `date`. NZ changes clocks at 2 am/3 am, so midnight always exists
 * exactly once; consecutive midnights are 23, 24 or 25 hours apart.
 */
export function startOfDayInstant(date: CalendarDate): Date {
  const { year, month, day } = calendarDateParts(date);
  return new Date(new TZDate(year, month - 1, day, BUSINESS_TIME_ZONE).getTime());
}
