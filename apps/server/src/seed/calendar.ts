// Times of day on Pacific/Auckland dates for the demo data. Dates themselves are the domain's
// (`@gym/domain/calendar-date`); this adds only the wall-clock instant, which the domain does not need.
import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, type CalendarDate, calendarDateParts } from '@gym/domain/calendar-date';

// Time-zone look-ups are slow and the demo asks for tens of thousands: remember each date-hour's start.
const hourStarts = new Map<string, number>();

/** The instant of a wall-clock time on a Pacific/Auckland date. */
export function aucklandInstant(date: CalendarDate, hour = 0, minute = 0, second = 0): Date {
  const key = `${date}T${hour}`;
  let start = hourStarts.get(key);
  if (start === undefined) {
    const { year, month, day } = calendarDateParts(date);
    start = new TZDate(year, month - 1, day, hour, 0, 0, BUSINESS_TIME_ZONE).getTime();
    hourStarts.set(key, start);
  }
  return new Date(start + (minute * 60 + second) * 1000);
}
