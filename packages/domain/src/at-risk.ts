// Members at risk of leaving (issue 29): who counts, and the reason in words. A member is at risk when
// their visits fell away (the last RECENT_DAYS against the BASELINE_DAYS before them), when their
// membership was paused in the last RECENT_DAYS, or when a payment of theirs failed in them. The
// thresholds are here once: the server's query selects with them and the words are written from them.
import { addDays, type CalendarDate, calendarDateParts } from './calendar-date';
import { type Cents, formatMoney } from './money';

export const AT_RISK_RULES = {
  /** The recent days looked at: visits since, pauses and failed payments in them. */
  RECENT_DAYS: 14,
  /** The days before the recent ones that the member's usual visits are read from. */
  BASELINE_DAYS: 28,
  /** Visits (days visited) in the baseline that make a regular: once a week. */
  MIN_BASELINE_VISITS: 4,
  /** Visits fell away when the recent weekly rate is at most this share of the baseline's (a half). */
  FALL_NUMERATOR: 1,
  FALL_DENOMINATOR: 2,
  /** Contacts are judged this many days after they were made: did the member stay? */
  OUTCOME_AFTER_DAYS: 30,
} as const;

export const AT_RISK_REASON_KINDS = ['visits_fell', 'paused', 'payment_failed'] as const;
export type AtRiskReasonKind = (typeof AT_RISK_REASON_KINDS)[number];

export interface AtRiskWindow {
  /** First day of the baseline. */
  baselineFrom: CalendarDate;
  /** First day of the recent days (the day after the baseline's last). */
  recentFrom: CalendarDate;
  /** The last day looked at (today, or the day a past list is read as of). */
  through: CalendarDate;
}

/** The days read for the list of `today`: the recent days end today, the baseline ends before them. */
export function atRiskWindow(today: CalendarDate): AtRiskWindow {
  const recentFrom = addDays(today, 1 - AT_RISK_RULES.RECENT_DAYS);
  return { baselineFrom: addDays(recentFrom, -AT_RISK_RULES.BASELINE_DAYS), recentFrom, through: today };
}

/** What a member did in the window, as recorded: days visited, the pause started, payments failed. */
export interface AtRiskFacts {
  baselineVisits: number;
  recentVisits: number;
  /** The day the latest pause in the recent days started, if one did. */
  pausedOn: CalendarDate | null;
  /** The latest payment that failed in the recent days: its day, amount and whether it is paid since. */
  failedPayment: { on: CalendarDate; amount: Cents; paidSince: boolean } | null;
}

/**
 * Whether visits fell away: a regular (MIN_BASELINE_VISITS in the baseline) whose weekly rate since is at
 * most FALL_NUMERATOR/FALL_DENOMINATOR of it. In whole numbers (the query asks the same):
 * recent / RECENT_DAYS ≤ (N/D) × baseline / BASELINE_DAYS.
 */
export function visitsFellAway(baselineVisits: number, recentVisits: number): boolean {
  const r = AT_RISK_RULES;
  if (baselineVisits < r.MIN_BASELINE_VISITS) return false;
  return (
    recentVisits * r.BASELINE_DAYS * r.FALL_DENOMINATOR <= baselineVisits * r.RECENT_DAYS * r.FALL_NUMERATOR
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '16 October' */
export function dayAndMonth(date: CalendarDate): string {
  const { month, day } = calendarDateParts(date);
  return `${day} ${MONTHS[month - 1]}`;
}

/** 'once', 'twice', '3 times' */
export function timesInWords(count: number): string {
  if (count === 1) return 'once';
  if (count === 2) return 'twice';
  return `${count} times`;
}

/** Visits a week to the nearest half: 'once a week', '2.5 times a week', 'less than once a week'. */
export function weeklyRateInWords(visits: number, days: number): string {
  const halves = Math.round((visits * 7 * 2) / days);
  if (halves < 2) return 'less than once a week';
  const rate = halves / 2;
  return Number.isInteger(rate) ? `${timesInWords(rate)} a week` : `${rate} times a week`;
}

export interface AtRiskReason {
  kind: AtRiskReasonKind;
  text: string;
}

/** Each reason the member is at risk, in words; none when they are not. */
export function atRiskReasons(facts: AtRiskFacts, window: AtRiskWindow): AtRiskReason[] {
  const reasons: AtRiskReason[] = [];
  if (visitsFellAway(facts.baselineVisits, facts.recentVisits)) {
    const usual = weeklyRateInWords(facts.baselineVisits, AT_RISK_RULES.BASELINE_DAYS);
    const since = facts.recentVisits === 0 ? 'not once' : timesInWords(facts.recentVisits);
    reasons.push({
      kind: 'visits_fell',
      text: `Visited ${usual} from ${dayAndMonth(window.baselineFrom)} to ${dayAndMonth(addDays(window.recentFrom, -1))}, ${since} since ${dayAndMonth(window.recentFrom)}`,
    });
  }
  if (facts.pausedOn !== null)
    reasons.push({ kind: 'paused', text: `Paused their membership on ${dayAndMonth(facts.pausedOn)}` });
  if (facts.failedPayment !== null) {
    const p = facts.failedPayment;
    reasons.push({
      kind: 'payment_failed',
      text: `A payment of ${formatMoney(p.amount)} failed on ${dayAndMonth(p.on)}${p.paidSince ? ', paid since' : ', still unpaid'}`,
    });
  }
  return reasons;
}

/** The reasons as one sentence (the CSV's column, the digest's line). */
export const reasonsInWords = (reasons: readonly AtRiskReason[]) => reasons.map((r) => r.text).join('; ');

/** The follow-up figures: of those contacted, how many stayed; of those at risk then not contacted, how many. */
export interface FollowUpOutcome {
  contacted: number;
  contactedStayed: number;
  notContacted: number;
  notContactedStayed: number;
}

/** '3 of 4 (75%)'; '0 of 0' when there were none. */
export function stayedInWords(stayed: number, of: number): string {
  if (of === 0) return '0 of 0';
  return `${stayed} of ${of} (${Math.round((stayed * 100) / of)}%)`;
}

/**
 * The contacts the follow-up figures judge: those made OUTCOME_AFTER_DAYS or more ago (and no more than
 * twice that, so the figures stay current), set against the members at risk on `asOf` (the list read as
 * of that day, from the same history) whom nobody had contacted by then.
 */
export function followUpPeriod(today: CalendarDate): { contactsFrom: CalendarDate; asOf: CalendarDate } {
  const asOf = addDays(today, -AT_RISK_RULES.OUTCOME_AFTER_DAYS);
  return { contactsFrom: addDays(asOf, 1 - AT_RISK_RULES.OUTCOME_AFTER_DAYS), asOf };
}
