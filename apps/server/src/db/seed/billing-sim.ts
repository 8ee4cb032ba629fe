// Walks one planned membership from its start to today: its charges and attempts, and the subscription
// fields (period, pause, grace, cancellation, term) that state of spec section 4 implies.
import {
  type AttemptContext,
  type AttemptPlan,
  basisPointsOf,
  chargeAttempts,
  notAfter,
  upcomingAttempt,
} from './attempts';
import {
  addDays,
  addMonthsAnchored,
  aucklandInstant,
  dayOfMonth,
  daysBetween,
  type IsoDate,
  maxDate,
  minDate,
} from './calendar';
import type { MemberPlan } from './member-plan';
import { shiftPeriods } from './periods';
import type { Random } from './random';

export interface ChargePlan {
  kind: 'period' | 'break_fee';
  periodStart: IsoDate;
  periodEnd: IsoDate | null;
  amount: number;
  surcharge: number;
  status: 'unpaid' | 'paid' | 'refunded';
  attempts: AttemptPlan[];
}

export interface Outcome {
  charges: ChargePlan[];
  createdAt: Date;
  anchorDay: number;
  currentPeriod: { start: IsoDate; end: IsoDate } | null;
  pauseCreditDays: number;
  pausedAt: Date | null;
  cancelledAt: Date | null;
  endsAt: IsoDate | null;
  undoCancellationUntil: Date | null;
  gracePeriodEndsAt: IsoDate | null;
  balanceOwing: number;
  periodsOwing: number;
  termEndsAt: IsoDate | null;
  coolingPeriodEndsAt: IsoDate | null;
  /** Door access ends (exclusive) — for visits. */
  accessUntil: IsoDate | null;
}

const graceDays = (g: { period: number; unit: 'days' | 'weeks' }) => g.period * (g.unit === 'weeks' ? 7 : 1);

export function simulate(plan: MemberPlan, random: Random, today: IsoDate, now: Date): Outcome {
  const { state, price } = plan;
  const ctx: AttemptContext = { random, today, now, paysBy: plan.paysBy };
  const term = price.def.term;
  const frequency = price.def.frequency;
  const surchargeBp = plan.paysBy === 'stripe_card' ? plan.gym.def.cardSurchargeBasisPoints : 0;
  const org = plan.org.def;
  const graceEnd = plan.failureDate
    ? addDays(plan.failureDate, graceDays(term ? org.termGrace : org.grace))
    : null;
  const createdAt = notAfter(
    state === 'upcoming'
      ? aucklandInstant(addDays(today, -random.int(0, 3)), random.int(7, 20), random.int(0, 59))
      : aucklandInstant(plan.startDate, random.int(6, 20), random.int(0, 59)),
    now,
  );
  // Charges fall due while due < stop (cancellation, grace end, pause start), or up to today.
  const stop =
    state === 'cancelled' || state === 'term_cooling_cancelled' || state === 'term_break_fee'
      ? plan.cancelDate!
      : state === 'grace_cancelled'
        ? graceEnd!
        : state === 'paused'
          ? plan.pause!.start
          : addDays(today, 1);
  const remind =
    plan.person.paymentReminders && !['cancelled_pending', 'upcoming_failed'].includes(state) && stop > today;
  // Earlier periods keep the amount of a price change already applied; the next charge takes a scheduled one.
  const amountOn = (date: IsoDate, first: boolean) => {
    const applied = plan.appliedChange && date < plan.appliedChange.date ? plan.appliedChange.from : null;
    const scheduled = plan.scheduledChangeTo && date > today ? plan.scheduledChangeTo : null;
    // As @gym/domain's priceInEffect: a scheduled change wins over an older override.
    const base = scheduled?.def.amount ?? plan.forcePriceAmount ?? (applied ?? price).def.amount;
    return base + (first ? ((applied ?? price).def.joiningFee ?? 0) : 0);
  };

  const charges: ChargePlan[] = [];
  let anchor = plan.anchorDay;
  let due = plan.startDate;
  let pauseCreditDays = 0;
  let pauseApplied = false;
  while (due < stop || (remind && due <= addDays(today, 3))) {
    if (plan.pause && !pauseApplied && due >= plan.pause.start && state !== 'paused') {
      // A past pause: credit the paid days it covered; the next charge moves past it (BILLING.md "Pauses").
      pauseApplied = true;
      pauseCreditDays = Math.max(0, daysBetween(plan.pause.start, minDate(due, plan.pause.end)));
      due = addDays(maxDate(plan.pause.end, due), pauseCreditDays);
      anchor = dayOfMonth(due);
      continue;
    }
    const periodEnd = shiftPeriods(due, frequency, 1, anchor);
    const amount = amountOn(due, charges.length === 0);
    const future = due > today || due >= stop;
    const failing =
      (plan.failureDate !== null && due >= plan.failureDate) ||
      (state === 'upcoming_failed' && charges.length === 0);
    const firstAt = charges.length === 0 ? createdAt : undefined;
    const attempts = future
      ? [upcomingAttempt(ctx, due)]
      : chargeAttempts(ctx, due, {
          failing,
          ...(firstAt ? { firstAt } : {}),
          ...(graceEnd ? { stopBefore: graceEnd } : {}),
        });
    const paid = attempts.some((a) => a.status === 'sent');
    charges.push({
      kind: 'period',
      periodStart: due,
      periodEnd,
      amount,
      surcharge: basisPointsOf(amount, surchargeBp),
      status: paid ? 'paid' : 'unpaid',
      attempts,
    });
    if (future) break;
    due = periodEnd;
  }

  const billed = charges.filter((c) => c.attempts[0]!.status !== 'upcoming');
  const last = billed.at(-1);
  const inService = state !== 'upcoming' && state !== 'upcoming_failed' && last;
  const currentPeriod = inService ? { start: last.periodStart, end: last.periodEnd! } : null;
  const termEndsAt = term ? addMonthsAnchored(plan.startDate, term.amount, dayOfMonth(plan.startDate)) : null;
  const outcome: Outcome = {
    charges,
    createdAt,
    anchorDay: anchor,
    currentPeriod,
    pauseCreditDays: 0,
    pausedAt: null,
    cancelledAt: null,
    endsAt: null,
    undoCancellationUntil: null,
    gracePeriodEndsAt: graceEnd,
    balanceOwing: 0,
    periodsOwing: 0,
    termEndsAt,
    coolingPeriodEndsAt: term ? addDays(plan.startDate, 14) : null,
    accessUntil: state === 'upcoming' || state === 'upcoming_failed' ? null : addDays(today, 1),
  };
  if (state === 'paused' && currentPeriod) {
    outcome.pauseCreditDays = Math.max(
      0,
      daysBetween(plan.pause!.start, minDate(currentPeriod.end, plan.pause!.end)),
    );
    outcome.pausedAt = aucklandInstant(plan.pause!.start);
  } else if (plan.pause) {
    outcome.pauseCreditDays = pauseCreditDays;
  }
  if (plan.failureDate) {
    const owing = billed.filter((c) => c.status === 'unpaid' && c.periodStart >= plan.failureDate!);
    outcome.balanceOwing = owing.reduce((sum, c) => sum + c.amount + c.surcharge, 0);
    outcome.periodsOwing = owing.length;
  }
  const cancelAt = (date: IsoDate) =>
    notAfter(aucklandInstant(date, random.int(9, 17), random.int(0, 59)), now);
  if (state === 'cancelled' || state === 'cancelled_pending' || state === 'term_break_fee') {
    const date =
      state === 'cancelled_pending'
        ? minDate(today, maxDate(plan.cancelDate!, last!.periodStart))
        : plan.cancelDate!;
    outcome.cancelledAt = cancelAt(date);
    outcome.endsAt = currentPeriod!.end;
    outcome.accessUntil = minDate(currentPeriod!.end, addDays(today, 1));
    if (state !== 'term_break_fee') outcome.undoCancellationUntil = aucklandInstant(currentPeriod!.end);
    else
      charges.push(
        breakFee(plan, ctx, currentPeriod!.end, termEndsAt!, surchargeBp, date, outcome.cancelledAt),
      );
  } else if (state === 'term_cooling_cancelled') {
    outcome.cancelledAt = cancelAt(plan.cancelDate!);
    outcome.endsAt = plan.cancelDate;
    outcome.accessUntil = plan.cancelDate;
    const refunded = billed.at(-1)!;
    refunded.status = 'refunded';
    refunded.attempts.at(-1)!.status = 'refunded';
  } else if (state === 'grace_cancelled') {
    outcome.cancelledAt = aucklandInstant(graceEnd!, 0, 2);
    outcome.endsAt = graceEnd;
    outcome.accessUntil = graceEnd;
  }
  return outcome;
}

/** Leaving a term early outside cooling-off: the gym's break fee on the remaining term value, as one charge. */
function breakFee(
  plan: MemberPlan,
  ctx: AttemptContext,
  from: IsoDate,
  termEnd: IsoDate,
  surchargeBp: number,
  date: IsoDate,
  at: Date,
): ChargePlan {
  let periods = 0;
  for (
    let d = from;
    d < termEnd;
    d = shiftPeriods(d, plan.price.def.frequency, 1, dayOfMonth(plan.startDate))
  )
    periods++;
  const amount = basisPointsOf(periods * plan.price.def.amount, plan.gym.def.breakFeeBasisPoints);
  const attempts = chargeAttempts(ctx, date, { failing: false, firstAt: at });
  return {
    kind: 'break_fee',
    periodStart: date,
    periodEnd: null,
    amount,
    surcharge: basisPointsOf(amount, surchargeBp),
    status: attempts.some((a) => a.status === 'sent') ? 'paid' : 'unpaid',
    attempts,
  };
}
