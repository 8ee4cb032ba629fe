// Calendar dates ('YYYY-MM-DD', Pacific/Auckland business dates) for the demo data: plain day arithmetic on
// dates, never multiples of 24 hours on instants, so daylight-saving changes cannot shift a day.
import { TZDate } from '@date-fns/tz';

export const ZONE = 'Pacific/Auckland';
const DAY_MS = 86_400_000;

export type IsoDate = string;

function parts(date: IsoDate): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

function toUtc(date: IsoDate): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d);
}

/** The Pacific/Auckland calendar date of an instant. */
export function aucklandDate(now: Date): IsoDate {
  const local = new TZDate(now.getTime(), ZONE);
  return fromUtc(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
}

// Time-zone look-ups are slow and the demo asks for tens of thousands: remember each date-hour's start.
const hourStarts = new Map<string, number>();

/** The instant of a wall-clock time on a Pacific/Auckland date. */
export function aucklandInstant(date: IsoDate, hour = 0, minute = 0, second = 0): Date {
  const key = `${date}T${hour}`;
  let start = hourStarts.get(key);
  if (start === undefined) {
    const [y, m, d] = parts(date);
    start = new TZDate(y, m - 1, d, hour, 0, 0, ZONE).getTime();
    hourStarts.set(key, start);
  }
  return new Date(start + (minute * 60 + second) * 1000);
}

/** Days since 1970-01-01, for tight day-by-day loops. */
export function dayNumber(date: IsoDate): number {
  return Math.round(toUtc(date) / DAY_MS);
}

export function fromDayNumber(day: number): IsoDate {
  return fromUtc(day * DAY_MS);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `months` calendar months after `date`, on `anchorDay` clamped to the month's last day (31 → 28 Feb → 31 Mar). */
export function addMonthsAnchored(date: IsoDate, months: number, anchorDay: number): IsoDate {
  const [y, m] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(anchorDay, daysInMonth(year, month));
  return fromUtc(Date.UTC(year, month - 1, day));
}

/** ISO day of week: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: IsoDate): number {
  const day = new Date(toUtc(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function dayOfMonth(date: IsoDate): number {
  return parts(date)[2];
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a > b ? a : b;
}
