// What a member's door access becomes when a price change moves them to another offering (BILLING.md
// "Price changes"): an offering decides which gyms a membership opens (all of the organisation's, or
// the ones it names) and when (24/7, or limited to its hours). The notice says only what differs.
import { dayLabel } from './offering';
import { formatTimeOfDay, isTimeOfDay } from './time-of-day';

export interface OfferingHoursRow {
  /** 1 = Monday … 7 = Sunday. */
  day: number;
  open_at: string;
  close_at: string;
}

/** The part of an offering that decides a member's access. */
export interface OfferingAccess {
  id: number;
  name: string;
  /** '24_7' or 'limited_access'. */
  type: string;
  all_gyms: boolean;
  /** The gyms it opens when not all of them, by name. */
  gym_names: readonly string[];
  hours: readonly OfferingHoursRow[];
}

const time = (value: string) => {
  const short = value.slice(0, 5);
  return isTimeOfDay(short) ? formatTimeOfDay(short) : value;
};

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Which gyms the offering opens, in words: 'all our gyms' or 'Central and Northside'. */
export function gymsInWords(access: OfferingAccess): string {
  if (access.all_gyms) return 'all our gyms';
  const names = [...new Set(access.gym_names)].sort((a, b) => a.localeCompare(b));
  return names.length === 0 ? 'no gyms' : list(names);
}

/** When the doors open to the offering, in words: '24/7' or its hours, day by day. */
export function hoursInWords(access: OfferingAccess): string {
  if (access.type !== 'limited_access') return '24/7';
  const hours = [...access.hours].sort((a, b) => a.day - b.day || a.open_at.localeCompare(b.open_at));
  if (hours.length === 0) return 'limited hours';
  return `limited hours (${hours.map((h) => `${dayLabel(h.day)} ${time(h.open_at)} to ${time(h.close_at)}`).join('; ')})`;
}

/**
 * The sentences that tell a member how their door access changes from one offering to another, or none
 * when it does not (the same offering, or one that opens the same gyms at the same times).
 */
export function accessChangeSentences(from: OfferingAccess, to: OfferingAccess): string[] {
  if (from.id === to.id) return [];
  const sentences: string[] = [];
  const gymsFrom = gymsInWords(from);
  const gymsTo = gymsInWords(to);
  if (gymsFrom !== gymsTo)
    sentences.push(`Your door access changes with it: you can use ${gymsTo} (until then, ${gymsFrom}).`);
  const hoursFrom = hoursInWords(from);
  const hoursTo = hoursInWords(to);
  if (hoursFrom !== hoursTo)
    sentences.push(`Your access hours change to ${hoursTo} (until then, ${hoursFrom}).`);
  return sentences;
}
