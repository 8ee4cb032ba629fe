// en-NZ display of dates, times and names, always on the Auckland wall clock whatever the viewer's zone.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BUSINESS_TIME_ZONE, type CalendarDate, calendarDateParts, isCalendarDate } from './calendar-date';

// Fixed patterns rather than Intl's en-NZ styles: ICU versions differ between browsers and Node (spaces
// before "am", comma placement), and the server and the page must print the same text.
const DATE_PATTERNS = {
  /** 05/03/2025 */
  short: 'dd/MM/yyyy',
  /** 5 Mar 2025 */
  medium: 'd MMM yyyy',
  /** 5 March 2025 (a date that matters on its own: a member's billing date) */
  full: 'd MMMM yyyy',
  /** Wednesday, 5 March 2025 */
  long: 'EEEE, d MMMM yyyy',
} as const;

export type DateStyle = keyof typeof DATE_PATTERNS;

function inAuckland(value: CalendarDate | Date): TZDate {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Invalid instant');
    return new TZDate(value.getTime(), BUSINESS_TIME_ZONE);
  }
  if (!isCalendarDate(value)) throw new RangeError(`Not a calendar date: ${JSON.stringify(value)}`);
  const { year, month, day } = calendarDateParts(value);
  return new TZDate(year, month - 1, day, BUSINESS_TIME_ZONE);
}

/** A calendar date as is, or an instant as its Auckland date: '5 Mar 2025' (medium). */
export function formatDate(value: CalendarDate | Date, style: DateStyle = 'medium'): string {
  return format(inAuckland(value), DATE_PATTERNS[style]);
}

/** An instant on the Auckland clock: '5 Mar 2025, 3:38 pm'. */
export function formatDateTime(instant: Date): string {
  return format(inAuckland(instant), 'd MMM yyyy, h:mm aaa');
}

/** An instant's Auckland time of day: '3:38 pm'. */
export function formatTime(instant: Date): string {
  return format(inAuckland(instant), 'h:mm aaa');
}

/**
 * A person's name with each word capitalised (spec: the current user's name): 'mary-jane smith' →
 * 'Mary-Jane Smith'. Only first letters change, so 'McKenzie' and 'van der Berg' keep their inner case
 * except the leading letter; extra spaces collapse.
 */
export function capitaliseWords(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) =>
      word
        .split('-')
        .map((part) => part.charAt(0).toLocaleUpperCase('en-NZ') + part.slice(1))
        .join('-'),
    )
    .join(' ');
}
