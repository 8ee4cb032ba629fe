// Dates as a New Zealander types them: day first ('14/11/2026', '14-11-26', '14.11.2026', '14 Nov 2026',
// '14 november 2026'), and the ISO form a browser or a paste may bring ('2026-11-14'). Never month first.
import { type CalendarDate, calendarDateFromParts, parseCalendarDate } from './calendar-date-parts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Two-digit years are this century up to 20 years ahead, else last century (a birth year '85'). */
function fullYear(year: string, now: number): number {
  if (year.length === 4) return Number(year);
  const short = Number(year);
  const century = Math.floor(now / 100) * 100;
  return century + short > now + 20 ? century - 100 + short : century + short;
}

/** The calendar date typed, or null when it is not a whole, real date written day first. */
export function parseNzDate(text: string, currentYear = new Date().getFullYear()): CalendarDate | null {
  const value = text.trim();
  const iso = parseCalendarDate(value);
  if (iso) return iso;
  const numeric = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/.exec(value);
  if (numeric) {
    return calendarDateFromParts(fullYear(numeric[3]!, currentYear), Number(numeric[2]), Number(numeric[1]));
  }
  const worded = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{2}|\d{4})$/i.exec(value);
  if (worded) {
    const month = MONTHS.indexOf(worded[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month === 0 || (worded[2]!.length > 3 && !monthName(month).startsWith(worded[2]!.toLowerCase()))) {
      return null;
    }
    return calendarDateFromParts(fullYear(worded[3]!, currentYear), month, Number(worded[1]));
  }
  return null;
}

const monthName = (month: number) =>
  [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ][month - 1]!;
