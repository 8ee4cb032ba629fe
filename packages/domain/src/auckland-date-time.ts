// Turning an Auckland wall-clock date and time (as typed by staff) into an instant, honest about DST.
import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, type CalendarDate, calendarDateParts, parseCalendarDate } from './calendar-date';
import { parseTimeOfDay, type TimeOfDay } from './time-of-day';

const HOUR_MS = 3_600_000;

function wallClock(instant: number): string {
  const local = new TZDate(instant, BUSINESS_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/**
 * The instant of `time` on `date` in Auckland, or null when that wall time does not exist (the hour
 * skipped when clocks go forward, 2:00-2:59 on the last Sunday of September). When clocks go back the
 * hour 2:00-2:59 happens twice; we take the first, as most people mean the earlier one.
 */
export function aucklandInstant(date: CalendarDate, time: TimeOfDay): Date | null {
  const { year, month, day } = calendarDateParts(date);
  const hours = Number(time.slice(0, 2));
  const minutes = Number(time.slice(3, 5));
  const candidate = new TZDate(year, month - 1, day, hours, minutes, BUSINESS_TIME_ZONE).getTime();
  const wanted = `${date} ${time}`;
  if (wallClock(candidate) !== wanted) return null;
  const earlier = candidate - HOUR_MS;
  return new Date(wallClock(earlier) === wanted ? earlier : candidate);
}

/**
 * Parses 'YYYY-MM-DD HH:mm[:ss]' (or with a 'T') as Auckland wall time. Rejects out-of-range parts
 * (month 13, 30 February, hour 24, minute 60) and times skipped by daylight saving.
 */
export function parseAucklandDateTime(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/.exec(text.trim());
  if (!match) return null;
  const date = parseCalendarDate(match[1]!);
  const time = parseTimeOfDay(match[2]!);
  if (date === null || time === null) return null;
  const instant = aucklandInstant(date, time);
  if (instant === null) return null;
  // Keep the seconds the caller gave; aucklandInstant works in whole minutes.
  const seconds = match[2]!.length > 5 ? Number(match[2]!.slice(6)) : 0;
  return new Date(instant.getTime() + seconds * 1000);
}
