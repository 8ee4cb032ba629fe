// Opening hours of a Limited Hours offering: no two entries of one day may overlap (touching ends may).
import { minutesSinceMidnight, type TimeOfDay } from './time-of-day';

export const HOURS_OVERLAP = 'These hours overlap other hours on the same day';

/** Indexes of hours entries that overlap an earlier entry of the same day (touching ends do not overlap). */
export function overlappingHours(
  hours: readonly { day: number; open_at: TimeOfDay; close_at: TimeOfDay }[],
): number[] {
  const clashes: number[] = [];
  hours.forEach((entry, index) => {
    const open = minutesSinceMidnight(entry.open_at);
    const close = minutesSinceMidnight(entry.close_at);
    const clash = hours
      .slice(0, index)
      .some(
        (earlier) =>
          earlier.day === entry.day &&
          open < minutesSinceMidnight(earlier.close_at) &&
          minutesSinceMidnight(earlier.open_at) < close,
      );
    if (clash) clashes.push(index);
  });
  return clashes;
}
