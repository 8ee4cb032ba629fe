// Wall-clock times without a date, such as offering opening hours ('06:00' to '21:30').

/** 'HH:mm', 24-hour, 00:00-23:59. Branded so unchecked text cannot pass for one. */
export type TimeOfDay = string & { readonly __brand: 'TimeOfDay' };

// Seconds are accepted because PostgreSQL `time` columns answer 'HH:mm:ss'.
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Parses 'HH:mm' or 'HH:mm:ss'; out-of-range hours (24+), minutes or seconds (60+) give null. */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const match = TIME_PATTERN.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${match[1]}:${match[2]}` as TimeOfDay;
}

export function isTimeOfDay(value: unknown): value is TimeOfDay {
  return typeof value === 'string' && parseTimeOfDay(value) !== null;
}

export function minutesSinceMidnight(time: TimeOfDay): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function compareTimes(a: TimeOfDay, b: TimeOfDay): -1 | 0 | 1 {
  const diff = minutesSinceMidnight(a) - minutesSinceMidnight(b);
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;
}

/** en-NZ 12-hour display: '06:00' → '6:00 am', '12:30' → '12:30 pm', '00:15' → '12:15 am'. */
export function formatTimeOfDay(time: TimeOfDay): string {
  const hours = Number(time.slice(0, 2));
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${time.slice(3, 5)} ${hours < 12 ? 'am' : 'pm'}`;
}
