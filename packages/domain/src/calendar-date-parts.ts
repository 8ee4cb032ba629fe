// Calendar dates as text ('YYYY-MM-DD') and their parts: no time zones, so what only reads or builds a
// date (the join site's date-of-birth box, nz-date-entry) can use them without the zone code of
// calendar-date.ts, which re-exports everything here.

/** A 'YYYY-MM-DD' Pacific/Auckland calendar date. Branded so an arbitrary string cannot pass for one. */
export type CalendarDate = string & { readonly __brand: 'CalendarDate' };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Builds a date from parts, or null when a part is out of range (month 1-12, day within the month). */
export function calendarDateFromParts(year: number, month: number, day: number): CalendarDate | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as CalendarDate;
}

/** Parses a strict 'YYYY-MM-DD'; out-of-range months and days (2025-02-29, 2025-13-01) give null. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  return calendarDateFromParts(Number(match[1]), Number(match[2]), Number(match[3]));
}
