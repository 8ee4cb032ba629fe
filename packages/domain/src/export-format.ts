// The one format of every CSV export (members, payments, visits; issue 26): readable headers, dates and
// times on the New Zealand wall clock the way a New Zealander writes them (27/11/2026, 2:05 pm), amounts
// as plain numbers in dollars a spreadsheet can add up (25.00, no "$"), yes/no as words. The server's
// csvStream writes them (with a byte-order mark, so Excel reads "Kōwhai" as UTF-8).
import type { CalendarDate } from './calendar-date';
import { formatDate, formatTime } from './format';
import { type Cents, centsToDollarString } from './money';

type Instant = Date | string;
const instant = (value: Instant) => (value instanceof Date ? value : new Date(value));

/** '27/11/2026': a calendar date as it is, an instant as its Auckland date. */
export function exportDate(value: CalendarDate | Instant | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return formatDate(value as CalendarDate, 'short');
  return formatDate(instant(value), 'short');
}

/** '2:05 pm' on the Auckland clock. */
export function exportTime(value: Instant | null | undefined): string | null {
  return value === null || value === undefined ? null : formatTime(instant(value));
}

/** '27/11/2026 2:05 pm' on the Auckland clock, for one column holding both. */
export function exportDateTime(value: Instant | null | undefined): string | null {
  return value === null || value === undefined ? null : `${exportDate(value)} ${exportTime(value)}`;
}

/** Dollars as a number a spreadsheet adds up: 2500 → '25.00'. */
export function exportAmount(cents: Cents | null | undefined): string | null {
  return cents === null || cents === undefined ? null : centsToDollarString(cents);
}

export const exportYesNo = (value: boolean) => (value ? 'Yes' : 'No');
