// Door access as the member reads it on their account (issue 24): "your tag opens the doors", "paused
// until 12 March", "blocked: $35.00 owing". Whether access is on is the domain's `hasDoorAccess`; this
// only puts it in words.
import { addDays, type CalendarDate } from './calendar-date';
import { formatDate } from './format';
import { formatMoney } from './money';
import { hasDoorAccess, type SubscriptionStateInput, subscriptionFlags } from './subscription-state';

export interface DoorAccessWords {
  open: boolean;
  text: string;
}

/** '12 March' (the year only when it is not this one). */
function dayAndMonth(date: CalendarDate, today: CalendarDate): string {
  const long = formatDate(date, 'long').replace(/^\w+, /, '');
  return date.slice(0, 4) === today.slice(0, 4) ? long.replace(/ \d{4}$/, '') : long;
}

export function doorAccessWords(
  sub: SubscriptionStateInput & { balanceOwing: number },
  now: Date,
  today: CalendarDate,
): DoorAccessWords {
  const open = hasDoorAccess(sub, now);
  const flags = subscriptionFlags(sub, now);
  if (open) {
    if (flags.grace)
      return {
        open,
        text: `Your tag opens the doors while you pay the ${formatMoney(sub.balanceOwing)} owing`,
      };
    if (flags.cancelled && typeof sub.endsAt === 'string')
      return {
        open,
        text: `Your tag opens the doors until ${dayAndMonth(sub.endsAt as CalendarDate, today)}`,
      };
    return { open, text: 'Your tag opens the doors' };
  }
  if (flags.paused && typeof sub.pauseEndAt === 'string')
    return { open, text: `Paused until ${dayAndMonth(addDays(sub.pauseEndAt as CalendarDate, -1), today)}` };
  if (sub.balanceOwing > 0) return { open, text: `Blocked: ${formatMoney(sub.balanceOwing)} owing` };
  if (flags.upcoming && typeof sub.startDate === 'string')
    return {
      open,
      text: `Your tag opens the doors from ${dayAndMonth(sub.startDate as CalendarDate, today)}`,
    };
  if (flags.cancelled) return { open, text: 'Your membership has ended; your tag no longer opens the doors' };
  return { open, text: 'Your tag does not open the doors yet' };
}
