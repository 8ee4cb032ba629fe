// Which charges fall due on a day, and what a subscription owes (BILLING.md "Periods", "Failure, grace
// and arrears", "Cancellation"). The billing engine asks these; it never steps a calendar itself.
import {
  type BillingFrequency,
  billingFrequencyLabel,
  isRecurring,
  periodEnd,
  periodStartBefore,
} from './billing-frequency';
import { type CalendarDate, calendarDateParts, maxDate } from './calendar-date';
import { chargeAmount, forcedPriceInEffect } from './charge-amount';
import { formatDate } from './format';
import { type GracePeriod, graceEndDate } from './grace-period';
import { remainderOf } from './manual-payment';
import { proRata } from './pro-rata';

export interface BillingPeriod {
  start: CalendarDate;
  /** Exclusive; null for a one-off price without a term (it never renews). */
  end: CalendarDate | null;
}

/** The period that starts on `start`: by frequency from the anchor day, or the term for a one-off. */
export function billingPeriod(
  start: CalendarDate,
  frequency: BillingFrequency,
  anchorDay: number,
  termEndsAt: CalendarDate | null,
): BillingPeriod {
  if (!isRecurring(frequency))
    return { start, end: termEndsAt !== null && termEndsAt > start ? termEndsAt : null };
  return { start, end: periodEnd(start, frequency, anchorDay) };
}

export interface ScheduleInput {
  frequency: BillingFrequency;
  anchorDay: number;
  startDate: CalendarDate;
  /** The period last charged; both null before the first charge. */
  currentPeriodStart: CalendarDate | null;
  currentPeriodEnd: CalendarDate | null;
  /** A cancellation's last day of access (exclusive): no period starting on or after it is charged. */
  endsAt: CalendarDate | null;
  termEndsAt: CalendarDate | null;
  /**
   * The member's fixed billing date (BILLING.md "First payment and pro-rata"), read before the first
   * charge only: see firstBillingDate. Full periods then run from it, so `anchorDay` is its day.
   */
  billingDate?: CalendarDate | null;
  /**
   * A scheduled price change to a price of another billing frequency (frequencyChangeAt): from the
   * first period start on or after its date the periods are of the new frequency, anchored there.
   */
  frequencyChange?: FrequencyChange | null;
}

/** A scheduled price change's new billing frequency and its date (BILLING.md "Price changes"). */
export interface FrequencyChange {
  frequency: BillingFrequency;
  takesEffectAt: CalendarDate;
}

/**
 * The schedule from the period starting on `periodStart` on (BILLING.md "Price changes", a change of
 * billing frequency). When a scheduled change to another frequency has taken effect by then, the
 * period paid before it has run to its end unchanged (no refund, no pro-rata) and this is the first
 * period of the new frequency: the member is billed on it from here, and `periodStart` is the new
 * anchor (its day of the month). The first period start on or after the change date is the switch,
 * which is the change date itself whenever it was scheduled on a period start (frequencyChangeProblem);
 * a pause booked after it may move the grid, and then the switch comes with the first start after.
 * Between a one-off and a recurring price there is no grid to switch: the schedule is kept.
 */
export function frequencyChangeAt(input: ScheduleInput, periodStart: CalendarDate): ScheduleInput {
  const change = input.frequencyChange;
  if (!change || change.takesEffectAt > periodStart) return input;
  if (change.frequency === input.frequency || !isRecurring(change.frequency) || !isRecurring(input.frequency))
    return { ...input, frequencyChange: null };
  return {
    ...input,
    frequency: change.frequency,
    anchorDay: calendarDateParts(periodStart).day,
    frequencyChange: null,
  };
}

/** Why a price change to another billing frequency cannot take effect on a date, and the date it can. */
export const FREQUENCY_CHANGE_PROBLEMS = {
  one_off: 'A one-off price has no billing periods to change: choose a price that bills like the current one',
  not_period_start:
    'A change to a price of another billing frequency must take effect on the day a period starts',
} as const;

/**
 * What is wrong with changing a membership on `schedule` (its current price's frequency, no change
 * scheduled) to a price billed `frequency` from `takesEffectAt`, or null. The same frequency is always
 * fine. Otherwise both must be recurring, and the date must be one on which a period of the current
 * frequency starts (the end of the current period, or a later one): the member's paid period then runs
 * to its end and the new frequency starts the next day they would pay, with no pro-rata either way.
 * `nextStart` is the first period start on or after the date, to offer instead.
 */
export function frequencyChangeProblem(
  schedule: ScheduleInput,
  frequency: BillingFrequency,
  takesEffectAt: CalendarDate,
): {
  problem: keyof typeof FREQUENCY_CHANGE_PROBLEMS;
  message: string;
  nextStart: CalendarDate | null;
} | null {
  if (frequency === schedule.frequency) return null;
  if (!isRecurring(frequency) || !isRecurring(schedule.frequency))
    return { problem: 'one_off', message: FREQUENCY_CHANGE_PROBLEMS.one_off, nextStart: null };
  const plain = { ...schedule, frequencyChange: null };
  const due = duePeriods(plain, takesEffectAt);
  const last = due.at(-1);
  if (last?.start === takesEffectAt) return null;
  const nextStart = last ? last.end : nextDueDate(plain);
  const from = billingFrequencyLabel(schedule.frequency).toLowerCase();
  const to = billingFrequencyLabel(frequency).toLowerCase();
  return {
    problem: 'not_period_start',
    message: `A change from ${from} to ${to} billing must take effect on the day a ${from} period starts${
      nextStart ? ` (the next is ${formatDate(nextStart)})` : ''
    }`,
    nextStart,
  };
}

/** Why a member's fixed billing date cannot be used with a start date (BILLING.md "First payment and pro-rata"). */
export const BILLING_DATE_PROBLEMS = {
  before_start: 'The billing date cannot be before the start date',
  too_far: 'The billing date must be within one billing period of the start date',
} as const;
export type BillingDateProblem = keyof typeof BILLING_DATE_PROBLEMS;

/**
 * What is wrong with a fixed billing date for a membership starting on `startDate`, or null: it may not
 * come before the start, and the first (pro-rata) period runs at most one period (a month-based period
 * counted back from the billing date's own day). A one-off price has no periods to keep a date for.
 */
export function billingDateProblem(input: {
  frequency: BillingFrequency;
  startDate: CalendarDate;
  billingDate?: CalendarDate | null;
}): BillingDateProblem | null {
  const { frequency, startDate, billingDate } = input;
  if (!billingDate) return null;
  if (billingDate < startDate) return 'before_start';
  if (isRecurring(frequency) && startDate < periodStartBefore(billingDate, frequency)) return 'too_far';
  return null;
}

/**
 * A member's membership as changing their billing date on their page reads it: its price's frequency,
 * its start date, whether it still waits for the member to confirm on the join site (then it starts on
 * the later of that date and the day they confirm) and whether its first charge has been made.
 */
export interface BillingDateMembership {
  frequency: BillingFrequency;
  startDate: CalendarDate;
  isStaging: boolean;
  firstChargeMade: boolean;
}

/** Why staff cannot change a member's billing date now, or what is wrong with the one given. */
export const BILLING_DATE_CHANGE_PROBLEMS = {
  no_membership:
    'This member has no membership yet: a billing date shapes the first payment of a membership, so add one first',
  billing_running:
    'This membership’s billing is already running: a billing date only shapes a membership’s first payment',
  in_past: 'The billing date cannot be in the past',
  ...BILLING_DATE_PROBLEMS,
} as const;
export type BillingDateChangeProblem = keyof typeof BILLING_DATE_CHANGE_PROBLEMS;

/**
 * Why a member's billing date cannot be changed at all now, or null: it shapes only the first payment of
 * a membership (firstBillingDate), so it can be set or cleared while the member's latest membership
 * has not had its first charge, and not once its billing runs (the change would do nothing) or when
 * there is no membership for it to shape.
 */
export function billingDateLock(
  membership: BillingDateMembership | null,
): 'no_membership' | 'billing_running' | null {
  if (membership === null) return 'no_membership';
  if (membership.firstChargeMade) return 'billing_running';
  return null;
}

/**
 * What is wrong with changing a member's billing date to `billingDate` (null: clearing it) on `today`,
 * or null. Beyond the lock, a date is checked as adding the member checks it (billingDateProblem)
 * against the day the membership will start: its start date, or today for one still waiting for the
 * member to confirm whose start date has passed (the confirm starts it that day); and it may not be in
 * the past.
 */
export function billingDateChangeProblem(input: {
  membership: BillingDateMembership | null;
  billingDate: CalendarDate | null;
  today: CalendarDate;
}): BillingDateChangeProblem | null {
  const { membership, billingDate, today } = input;
  const lock = billingDateLock(membership);
  if (lock !== null || membership === null) return lock;
  if (billingDate === null) return null;
  if (billingDate < today) return 'in_past';
  const startDate = membership.isStaging ? maxDate(membership.startDate, today) : membership.startDate;
  return billingDateProblem({ frequency: membership.frequency, startDate, billingDate });
}

/**
 * The billing date the first period runs to, when the member has a fixed one that shapes it: after the
 * start date and no more than one period after it (a month-based period counted back from the billing
 * date's own day). Otherwise null: the first period starts on the start date and is a full one, as it is
 * when the member starts on the billing date itself. A one-off price has no billing date.
 */
export function firstBillingDate(input: {
  frequency: BillingFrequency;
  startDate: CalendarDate;
  billingDate?: CalendarDate | null;
}): CalendarDate | null {
  const { frequency, startDate, billingDate } = input;
  if (!billingDate || !isRecurring(frequency) || billingDate <= startDate) return null;
  if (billingDateProblem(input) !== null) return null;
  return billingDate;
}

/**
 * The day of the month a membership's periods keep (its anchor): the day of the member's fixed billing
 * date when the first charge runs pro-rata up to it, otherwise the start date's day. Staff, the join
 * site, a pause that moves a start and the demo all anchor by this rule.
 */
export function anchorDayFor(input: {
  startDate: CalendarDate;
  frequency?: BillingFrequency;
  billingDate?: CalendarDate | null;
}): number {
  const { frequency, startDate, billingDate } = input;
  const billing = frequency
    ? firstBillingDate({ frequency, startDate, billingDate: billingDate ?? null })
    : null;
  return calendarDateParts(billing ?? startDate).day;
}

/** The first charge's pro-rata period, from the start date to the fixed billing date, or null. */
function proRataFirstPeriod(input: ScheduleInput): BillingPeriod | null {
  if (input.currentPeriodStart !== null) return null;
  const end = firstBillingDate(input);
  return end === null ? null : { start: input.startDate, end };
}

/** The next period start a charge falls due on, or null when nothing more will be charged. */
export function nextDueDate(input: ScheduleInput): CalendarDate | null {
  const next = input.currentPeriodStart === null ? input.startDate : input.currentPeriodEnd;
  if (next === null) return null;
  if (input.endsAt !== null && next >= input.endsAt) return null;
  if (!isRecurring(input.frequency) && input.currentPeriodStart !== null) return null;
  return next;
}

/**
 * Every period whose charge is due on or before `today` and not yet made, oldest first (a run that
 * missed days catches up). A one-off price has one period; a cancellation stops the rest.
 */
export function duePeriods(input: ScheduleInput, today: CalendarDate): BillingPeriod[] {
  return dueWalk(input, today).map((w) => w.period);
}

interface DueStep {
  period: BillingPeriod;
  /** The anchor day kept from this period on, when a change of billing frequency starts here. */
  newAnchorDay: number | null;
}

/** duePeriods with where a change of billing frequency (frequencyChangeAt) starts its new grid. */
function dueWalk(input: ScheduleInput, today: CalendarDate): DueStep[] {
  const due: DueStep[] = [];
  let state = input;
  for (let next = nextDueDate(state); next !== null && next <= today; next = nextDueDate(state)) {
    const switched = frequencyChangeAt(state, next);
    const newAnchorDay = switched.frequency !== state.frequency ? switched.anchorDay : null;
    state = switched;
    const period =
      proRataFirstPeriod(state) ?? billingPeriod(next, state.frequency, state.anchorDay, input.termEndsAt);
    due.push({ period, newAnchorDay });
    state = { ...state, currentPeriodStart: period.start, currentPeriodEnd: period.end };
  }
  return due;
}

export interface ChargeStanding {
  kind: string;
  status: string;
  /** Amount plus surcharge, cents. */
  total: number;
  /** Whether any attempt at it has failed (charges.first_failed_at). */
  failed: boolean;
  /** Collected against it so far by part payments (sent payments less refunds), cents; none when absent. */
  collected?: number;
}

export interface Arrears {
  /** Sum of unpaid charges that have failed at least once: what the member is behind by. */
  balanceOwing: number;
  /** How many of them are periods (a break fee or manual charge is owed but is not a period). */
  periodsOwing: number;
}

/**
 * balance_owing and periods_owing. A charge still on its first attempt is not yet owed (a bank payment
 * takes a day or two); once an attempt fails it counts until paid, written off or refunded. A charge
 * part paid by hand owes what is left of it (`remainderOf`).
 */
export function arrears(charges: readonly ChargeStanding[]): Arrears {
  let balanceOwing = 0;
  let periodsOwing = 0;
  for (const charge of charges) {
    if (charge.status !== 'unpaid' || !charge.failed) continue;
    // A part-paid charge owes its remainder and still counts until what was collected reaches its total.
    const remainder = remainderOf(charge);
    if ((charge.collected ?? 0) > 0 && remainder === 0) continue;
    balanceOwing += remainder;
    if (charge.kind === 'period') periodsOwing += 1;
  }
  return { balanceOwing, periodsOwing };
}

/**
 * grace_period_ends_at after a payment changed: none once nothing is owed; an existing grace is kept
 * (a second failure does not extend it); otherwise it starts from the first unpaid failure's date.
 */
export function graceEndsAfter(input: {
  current: CalendarDate | null;
  balanceOwing: number;
  /** Auckland date of the earliest failure among the charges still owed. */
  firstUnpaidFailure: CalendarDate | null;
  grace: GracePeriod;
}): CalendarDate | null {
  if (input.balanceOwing === 0 || input.firstUnpaidFailure === null) return null;
  return input.current ?? graceEndDate(input.firstUnpaidFailure, input.grace);
}

export interface SchedulePricing {
  /** The subscription's price, cents per period. */
  priceAmount: number;
  forcePriceAmount: number | null;
  /** A scheduled price change: from its date on, its amount is the price (and the override lapses). */
  transition: { amount: number; takesEffectAt: CalendarDate; priceId: number } | null;
  paymentType: string;
  cardSurchargeBasisPoints: number;
  /** Added to the first charge of the membership. */
  joiningFee: number;
}

export interface PlannedCharge {
  period: BillingPeriod;
  /** Price for the period plus the joining fee on a first charge, in cents. */
  amount: number;
  surcharge: number;
  joiningFee: number;
  /** Set on the charge from which a scheduled price change becomes the subscription's price. */
  priceChangeTo: number | null;
  /**
   * The subscription's anchor day from this charge on, when a price change of another billing
   * frequency starts its first period here (frequencyChangeAt); otherwise null.
   */
  newAnchorDay: number | null;
  /** The first charge of a member with a fixed billing date: the days from the start date to it. */
  proRata: boolean;
  /** The staff override (force_price_amount) that priced the period, or null: the payment's force_amount. */
  forcedAmount: number | null;
}

/**
 * The charges due on or before `until` that are not made yet, each with its amount fixed as the billing
 * run fixes it (BILLING.md "Charges"): the price in effect for the period, the joining fee on the
 * membership's first charge, and the card surcharge on the two together. The run makes these; the expected-payments screen shows them.
 */
export function plannedCharges(
  schedule: ScheduleInput,
  pricing: SchedulePricing,
  until: CalendarDate,
): PlannedCharge[] {
  let first = schedule.currentPeriodStart === null;
  const proRataPeriod = proRataFirstPeriod(schedule);
  let priceAmount = pricing.priceAmount;
  let forcePriceAmount = pricing.forcePriceAmount;
  let transition = pricing.transition;
  return dueWalk(schedule, until).map(({ period, newAnchorDay }) => {
    const price = chargeAmount({
      priceAmount,
      forcePriceAmount,
      transition,
      periodStart: period.start,
      paymentType: pricing.paymentType,
      cardSurchargeBasisPoints: pricing.cardSurchargeBasisPoints,
    });
    const forcedAmount = forcedPriceInEffect({
      priceAmount,
      forcePriceAmount,
      transition,
      periodStart: period.start,
    });
    let priceChangeTo: number | null = null;
    if (transition && transition.takesEffectAt <= period.start) {
      priceChangeTo = transition.priceId;
      priceAmount = transition.amount;
      forcePriceAmount = null;
      transition = null;
    }
    const joiningFee = first ? pricing.joiningFee : 0;
    // A fixed billing date: the first charge is the domain's pro-rata of the price for the days to it.
    const isProRata = first && proRataPeriod !== null && period.end === proRataPeriod.end;
    first = false;
    const periodAmount =
      isProRata && period.end !== null && isRecurring(schedule.frequency)
        ? proRata({
            amount: price.amount,
            frequency: schedule.frequency,
            startDate: period.start,
            periodEnd: period.end,
          }).amount
        : price.amount;
    if (joiningFee === 0 && !isProRata)
      return {
        period,
        amount: price.amount,
        surcharge: price.surcharge,
        joiningFee,
        priceChangeTo,
        newAnchorDay,
        proRata: false,
        forcedAmount,
      };
    // A card pays the surcharge on everything it is charged, the joining fee included (rounded once).
    const withFee = chargeAmount({
      priceAmount: periodAmount + joiningFee,
      periodStart: period.start,
      paymentType: pricing.paymentType,
      cardSurchargeBasisPoints: pricing.cardSurchargeBasisPoints,
    });
    return {
      period,
      amount: withFee.amount,
      surcharge: withFee.surcharge,
      joiningFee,
      priceChangeTo,
      newAnchorDay,
      proRata: isProRata,
      forcedAmount,
    };
  });
}
