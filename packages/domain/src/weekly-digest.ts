// When the weekly digest to organisation admins goes out (issue 29): Monday at 7:00 am in Auckland,
// covering the seven days before (Monday to Sunday). A server that was down on Monday morning sends it
// when it is back that day, never later: last week's news is not news on Thursday.
import { aucklandInstant } from './auckland-date-time';
import { addDays, type CalendarDate, dayOfWeek, todayInAuckland } from './calendar-date';
import type { TimeOfDay } from './time-of-day';

export const DIGEST_SEND_TIME = '07:00' as TimeOfDay;
/** How long after the send time a digest not yet sent still goes out. */
export const DIGEST_LATEST_HOURS = 24;

export interface DigestWeek {
  /** The Monday it is sent on: the week's key. */
  monday: CalendarDate;
  sendAt: Date;
  /** The days it reports: the Monday to Sunday before. */
  from: CalendarDate;
  through: CalendarDate;
}

/** The week whose digest is due at `now`: its send time has passed, by less than DIGEST_LATEST_HOURS. */
export function digestDue(now: Date): DigestWeek | null {
  const today = todayInAuckland(now);
  let monday = addDays(today, 1 - dayOfWeek(today));
  let sendAt = aucklandInstant(monday, DIGEST_SEND_TIME)!;
  if (now < sendAt) {
    monday = addDays(monday, -7);
    sendAt = aucklandInstant(monday, DIGEST_SEND_TIME)!;
  }
  if (now.getTime() - sendAt.getTime() >= DIGEST_LATEST_HOURS * 3_600_000) return null;
  return { monday, sendAt, from: addDays(monday, -7), through: addDays(monday, -1) };
}

/** The send times of the Mondays after `from` up to and including `to` (a travelling clock passes them). */
export function digestTimesBetween(from: Date, to: Date): Date[] {
  const times: Date[] = [];
  const start = todayInAuckland(from);
  let monday = addDays(start, 1 - dayOfWeek(start));
  for (;;) {
    const at = aucklandInstant(monday, DIGEST_SEND_TIME)!;
    if (at > to) return times;
    if (at > from) times.push(at);
    monday = addDays(monday, 7);
  }
}
