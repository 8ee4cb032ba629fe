// A dated list (payments, visits) opened without dates: the server answers for its default range and
// says which (`meta.range`). Those dates go into the address, replacing it (so back does not return to
// the undated one), and are what the date filter shows.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { useEffect } from 'react';
import type { SetURLSearchParams } from 'react-router';

export interface DateRange {
  from: CalendarDate | null;
  to: CalendarDate | null;
}

/** The range the list shows: the one asked for in the address, or else the one the server served. */
export function useServedRange(
  asked: DateRange,
  served: { from: string; to: string } | undefined,
  setParams: SetURLSearchParams,
): DateRange {
  const undated = asked.from === null && asked.to === null;
  useEffect(() => {
    if (undated && served)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('from', served.from);
          next.set('to', served.to);
          return next;
        },
        { replace: true },
      );
  }, [undated, served, setParams]);
  return undated
    ? {
        from: (served?.from as CalendarDate | undefined) ?? null,
        to: (served?.to as CalendarDate | undefined) ?? null,
      }
    : { from: asked.from, to: asked.to };
}
