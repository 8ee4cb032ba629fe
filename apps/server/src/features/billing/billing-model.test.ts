// The billing engine against an independent day-by-day model of BILLING.md, to the cent (issue 11, "Done
// when"). Random subscriptions (weekly, fortnightly, monthly, quarterly; bank or card; joining fees; start
// dates on month ends; scheduled price changes; fixed terms, with their cooling-off, that end and carry on
// as flexi on the transition price, dated or left to the term's end, or on their own) and random bank
// answers (soft and hard failures, retries that recover or not, grace that runs out, the longer grace of
// a term membership) are run through a simulated year, 21 December 2027 to 31 December 2028, across
// 29 February 2028, the end of daylight saving (2 April 2028) and its start (24 September 2028), by moving
// the application clock as `npm run clock` does. The journey stops at noon on the days staff act:
//   - pauses, written as the product writes them (a subscription_pauses row): the paid days they cover
//     credited, the next charge moved past the pause plus the credit, and that date the new anchor; a
//     pause before the first charge moves the start; a pause is never applied if the membership is
//     cancelled by its first day;
//   - cancellations, through the engine's own cancellation.service: a flexi membership (or a term one
//     after its term) ends at the end of the paid period and is sometimes undone before then; a term
//     inside cooling-off ends at once with the unused days refunded; a term left before its end owes
//     the break fee on the charges still to come as one final charge, sent at once and retried like any.
// The model shares nothing with the engine: it steps its own calendar on plain numbers, and knows the rules
// only from BILLING.md. It decides which staff actions happen (a cancellation only for a member who owes
// nothing and has no pause open, a pause only when no other pause or cancellation is pending). The engine
// must agree with it on every charge (kind, period, amount, surcharge, status, refund) and every attempt
// (its day, its term flag), on the subscription's standing at noon before each action, on each pause
// (applied, ended, credit days), and on the subscription at the end (ends_at, cancellation, grace,
// balance and periods owing, anchor, paused, price and pending transition, cooling-off flag).
//
// Readings of BILLING.md the model makes where it is brief: a pause's days "already paid for" are the
// period last charged (a failed charge there is still owed: paid later, or the membership cancels);
// retries and grace run on through a pause; a pause does not move term_ends_at; a term membership's grace
// is the term one when its first unpaid failure falls inside the term; a term membership's
// transition_to_price with no date applies to periods starting on or after term_ends_at; a cancelled
// membership's periods are not retried but its break fee is; a term left early ends at the end of the paid
// period, and its remaining term value is the price of each period that would still start before the
// term's end; a cooling-off refund is of the period's price (not its joining fee or card surcharge), today
// counted unused; a break fee carries the card surcharge.
//
// Not modelled: cancelling a member who owes money (BILLING.md does not say what becomes of their retries
// and grace), cancelling a term membership before its first charge or in a cooling-off that follows a
// pause, undoing a term membership's cancellation, pauses that staff call off, door access, and a flexi
// price change with no date (the spec's default, the end of the current period).

import { todayInAuckland } from '@gym/domain/calendar-date';
import { canUndoCancellation } from '@gym/domain/subscription-state';
import { termEndDate } from '@gym/domain/term';
import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cards,
  charges,
  gyms,
  organisations,
  paymentRefunds,
  payments,
  paymentTypes,
  subscriptionPauses,
  subscriptions,
} from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { travel } from '../clock';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { billingDeps } from './billing.test-support';
import { cancelSubscription, undoCancellation } from './cancellation.service';

// ---- The model's own calendar: dates as 'YYYY-MM-DD', stepped on UTC day numbers. ----
const DAY = 86_400_000;
const num = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY;
const str = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => str(num(date) + days);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
/** The date `months` after `first`'s month, on the anchor day clamped to the month. */
function monthStep(first: string, months: number, anchor: number): string {
  const y0 = +first.slice(0, 4);
  const m0 = +first.slice(5, 7) - 1;
  const total = m0 + months;
  const y = y0 + Math.floor(total / 12);
  const m = ((total % 12) + 12) % 12;
  const d = Math.min(anchor, daysInMonth(y, m));
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

type Frequency = 'weekly' | 'fortnightly' | 'monthly' | 'quarterly';
const MONTHS: Partial<Record<Frequency, number>> = { monthly: 1, quarterly: 3 };
const DAYS: Partial<Record<Frequency, number>> = { weekly: 7, fortnightly: 14 };
type Answer = true | 'soft' | 'hard';

interface Case {
  frequency: Frequency;
  startOffset: number;
  monthEnd: boolean;
  price: number;
  joiningFee: number;
  card: boolean;
  change: { afterDays: number; price: number } | null;
  /** A fixed term from the start; after it, flexi on the transition price (dated or not) or its own. */
  term: { unit: 'weeks' | 'months'; amount: number; to: 'dated' | 'undated' | 'own'; price: number } | null;
  /**
   * Staff schedule a pause on journey day `day`, starting `lead` days later (or on the day the next charge
   * falls due), for `length` days.
   */
  pauses: { day: number; lead: number | 'due'; length: number }[];
  /**
   * Staff cancel on journey day `day` (or, `fromStart`, `day` days after the membership's start: inside a
   * term's cooling-off); `undo` (percent of the days left) says when they undo a flexi cancellation.
   */
  cancel: { day: number; fromStart: boolean; undo: number | null } | null;
  /** Bank answers in the order the attempts are made: true succeeds, 'soft'/'hard' fail. */
  answers: Answer[];
}

interface ModelCharge {
  kind: 'period' | 'break_fee';
  /** The period's first day; a break fee's day. */
  start: string;
  end: string | null;
  amount: number;
  surcharge: number;
  joiningFee: number;
  /** Repaid on a cancellation in cooling-off. */
  refunded: number;
  /** The period starts inside the term, or a break fee (the attempts are a term membership's). */
  term: boolean;
  paid: boolean;
  attempts: number;
  /** The day of each attempt. */
  days: string[];
  firstFailed: string | null;
  retries: number;
  lastHard: boolean;
}

interface ModelPause {
  start: string;
  end: string;
  applied: boolean;
  ended: boolean;
  credit: number;
  /** Applied before anything was charged (the membership's start moved). */
  beforeFirstCharge: boolean;
  /** Never applied: the membership was cancelled by its first day. */
  skipped: boolean;
}

type Cancelled = 'non_payment' | 'staff' | null;

/** The subscription's standing at noon, after the day's run: what staff see before they act. */
interface Standing {
  currentPeriodEnd: string | null;
  anchor: number;
  endsAt: string | null;
  cancelled: Cancelled;
  graceEndsAt: string | null;
  owing: number;
  paused: boolean;
  pauseDaysCredit: number;
}

type Action =
  | { day: string; kind: 'pause'; start: string; end: string; before: Standing }
  | {
      day: string;
      kind: 'cancel';
      /** The engine's name for what the cancellation was (cancellation.service.ts). */
      type: 'flexi' | 'cooling_off' | 'break_fee';
      endsAt: string;
      refund: number;
      breakFee: number;
      before: Standing;
    }
  | { day: string; kind: 'undo'; before: Standing };

interface ModelResult {
  charges: ModelCharge[];
  pauses: ModelPause[];
  actions: Action[];
  standing: Standing;
  /** The first day of the pause the membership is in at the end, if any. */
  pausedSince: string | null;
  /** The scheduled price change or the term's transition price has become the subscription's price. */
  onNewPrice: boolean;
  periodsOwing: number;
  undone: number;
  coolingOff: boolean;
}

interface ModelInput {
  frequency: Frequency;
  start: string;
  anchor: number;
  price: number;
  joiningFee: number;
  surchargeBp: number;
  change: { from: string; price: number } | null;
  /** The term's exclusive end, the end of its cooling-off, and the price after it (null: its own). */
  term: { endsAt: string; coolingEndsAt: string; price: number | null } | null;
  breakFeeBp: number;
}

const FIRST_DAY = '2027-12-21';
const LAST_DAY = '2028-12-31';
const JOURNEY_DAYS = num(LAST_DAY) - num(FIRST_DAY);
/** The organisation's grace periods (BILLING.md "Failure, grace and arrears"), in days. */
const GRACE_DAYS = 10;
const TERM_GRACE_DAYS = 21;
const SURCHARGE_BP = 190;
/** The gym's break fee: 33.5 % of the remaining term value. */
const BREAK_FEE_BP = 3350;
const COOLING_OFF_DAYS = 14;
const RETRY_AFTER = [1, 3, 5];

/** BILLING.md, day by day, with staff acting at noon on the days `c.pauses` and `c.cancel` name. */
function model(
  input: ModelInput,
  intents: Pick<Case, 'pauses' | 'cancel'>,
  answers: readonly Answer[],
  firstDay: string,
  lastDay: string,
): ModelResult {
  const queue = [...answers];
  const list: ModelCharge[] = [];
  const pauses: ModelPause[] = [];
  const actions: Action[] = [];
  /** The next charge's date, and the day of month periods are counted from. */
  let next = input.start;
  let anchor = input.anchor;
  /** Start of the last period charged. */
  let lastStart: string | null = null;
  let endsAt: string | null = null;
  let cancelled: Cancelled = null;
  // Set inside the closures below too, so typed wide (not narrowed to null).
  let grace = null as string | null;
  let paused = null as ModelPause | null;
  let onNewPrice = false;
  let undone = 0;
  let coolingOff = false;

  const periodAfter = (start: string) =>
    DAYS[input.frequency]
      ? plusDays(start, DAYS[input.frequency]!)
      : monthStep(start, MONTHS[input.frequency]!, anchor);
  const inTerm = (day: string) => input.term !== null && day < input.term.endsAt;
  const priceFor = (start: string): { price: number; changed: boolean } => {
    if (input.change && start >= input.change.from) return { price: input.change.price, changed: true };
    if (input.term?.price && start >= input.term.endsAt) return { price: input.term.price, changed: true };
    return { price: input.price, changed: false };
  };
  const owed = () => list.filter((x) => !x.paid && x.firstFailed !== null);
  const charge = (
    kind: ModelCharge['kind'],
    start: string,
    end: string | null,
    amount: number,
    joiningFee = 0,
  ) => {
    const made: ModelCharge = {
      kind,
      start,
      end,
      amount,
      surcharge: Math.round((amount * input.surchargeBp) / 10_000),
      joiningFee,
      refunded: 0,
      term: kind === 'break_fee' || inTerm(start),
      paid: false,
      attempts: 0,
      days: [],
      firstFailed: null,
      retries: 0,
      lastHard: false,
    };
    list.push(made);
    return made;
  };
  const owing = () => owed().reduce((s, x) => s + x.amount + x.surcharge, 0);
  const attempt = (charge: ModelCharge, day: string) => {
    charge.attempts += 1;
    charge.days.push(day);
    const answer = queue.shift() ?? true; // an account with plenty in it
    if (answer === true) charge.paid = true;
    else {
      charge.firstFailed ??= day;
      charge.lastHard = answer === 'hard';
    }
    if (owing() === 0) grace = null;
    else if (grace === null) {
      // Grace runs from the first unpaid failure; a term membership, inside its term, has the longer one.
      const first = owed()
        .map((x) => x.firstFailed!)
        .sort()[0]!;
      grace = plusDays(first, inTerm(first) ? TERM_GRACE_DAYS : GRACE_DAYS);
    }
  };
  const standing = (): Standing => ({
    currentPeriodEnd: lastStart === null ? null : next,
    anchor,
    endsAt,
    cancelled,
    graceEndsAt: grace,
    owing: owing(),
    paused: paused !== null,
    pauseDaysCredit: paused?.credit ?? 0,
  });
  const noPauseOpen = () => pauses.every((p) => p.ended || p.skipped);

  // Staff actions by day; an undo is added when a cancellation is made.
  const cancelDay = (c: NonNullable<Case['cancel']>) =>
    c.fromStart ? plusDays(input.start, c.day % (COOLING_OFF_DAYS + 7)) : plusDays(firstDay, c.day);
  const todo: { day: string; kind: 'pause' | 'cancel' | 'undo'; n: number }[] = [
    ...intents.pauses.map((p, n) => ({ day: plusDays(firstDay, p.day), kind: 'pause' as const, n })),
    ...(intents.cancel ? [{ day: cancelDay(intents.cancel), kind: 'cancel' as const, n: 0 }] : []),
  ];

  for (let day = firstDay; day <= lastDay; day = plusDays(day, 1)) {
    // Grace ending unpaid cancels, before anything else of the day.
    if (cancelled === null && grace !== null && day >= grace && owing() > 0) {
      endsAt = day;
      cancelled = 'non_payment';
    }
    // A pause begins: the paid days it covers are credited, and the next charge moves to the later of
    // the pause's end and its own date, plus the credit; that date is the new anchor.
    for (const p of pauses) {
      if (p.applied || p.skipped || p.start !== day) continue;
      if (cancelled !== null) {
        p.skipped = true;
        continue;
      }
      const paidFrom = lastStart ?? next; // nothing paid yet: an empty paid period
      p.credit = Math.max(0, num(earlier(p.end, next)) - num(later(p.start, paidFrom)));
      p.beforeFirstCharge = lastStart === null;
      next = plusDays(later(p.end, next), p.credit);
      anchor = +next.slice(8, 10);
      p.applied = true;
      paused = p;
    }
    if (paused !== null && day >= paused.end) {
      paused.ended = true;
      paused = null;
    }
    // Charges falling due (none inside a pause: the next charge was moved past it).
    while (next <= day && (endsAt === null || next < endsAt)) {
      if (paused !== null) throw new Error(`model: a charge fell due inside a pause on ${day}`);
      const start = next;
      const end = periodAfter(start);
      const { price, changed } = priceFor(start);
      if (changed) onNewPrice = true;
      const joiningFee = lastStart === null ? input.joiningFee : 0;
      const made = charge('period', start, end, price + joiningFee, joiningFee);
      lastStart = start;
      next = end;
      attempt(made, day);
    }
    // Retries of failed charges. A cancelled membership's periods are not retried; a break fee, charged
    // because of the cancellation, is.
    for (const ch of list) {
      if (ch.paid || ch.firstFailed === null || ch.lastHard || ch.retries >= 3) continue;
      if (cancelled !== null && ch.kind === 'period') continue;
      if (day < plusDays(ch.firstFailed, RETRY_AFTER[ch.retries]!)) continue;
      ch.retries += 1;
      attempt(ch, day);
    }
    // Noon: staff act.
    for (const action of todo.filter((a) => a.day === day)) {
      const before = standing();
      if (action.kind === 'pause') {
        if (cancelled !== null || !noPauseOpen()) continue;
        const intent = intents.pauses[action.n]!;
        const start = intent.lead === 'due' && next > day ? next : plusDays(day, +intent.lead || 1);
        const end = plusDays(start, intent.length);
        pauses.push({
          start,
          end,
          applied: false,
          ended: false,
          credit: 0,
          beforeFirstCharge: false,
          skipped: false,
        });
        actions.push({ day, kind: 'pause', start, end, before });
      } else if (action.kind === 'cancel') {
        // Staff cancel a member who owes nothing, with no pause open.
        if (cancelled !== null || !noPauseOpen() || owing() > 0) continue;
        const term = input.term !== null && inTerm(day) ? input.term : null;
        // A term membership not begun yet, or one whose cooling-off follows a pause: not modelled.
        if (term && lastStart === null) continue;
        if (term && day < term.coolingEndsAt && pauses.some((p) => p.applied)) continue;
        let type: 'flexi' | 'cooling_off' | 'break_fee' = 'flexi';
        let refund = 0;
        let breakFee = 0;
        if (term && day < term.coolingEndsAt) {
          // Inside cooling-off: ends at once (today is not used), no break fee, and the unused days of
          // the period paid for are refunded (of its price: the joining fee is not for days).
          type = 'cooling_off';
          coolingOff = true;
          endsAt = day;
          const paid = list.filter((x) => x.kind === 'period').at(-1)!;
          const days = num(paid.end!) - num(paid.start);
          const unused = num(paid.end!) - num(later(day, paid.start));
          refund = Math.round(((paid.amount - paid.joiningFee) * unused) / days);
          paid.refunded = refund;
        } else if (term) {
          // Before the term's end: it ends at the end of the paid period, and owes the break fee on the
          // charges that would still have fallen due in the term, as one final charge made at once.
          type = 'break_fee';
          endsAt = next;
          let remaining = 0;
          for (let start = next; start < term.endsAt; start = periodAfter(start)) {
            remaining += priceFor(start).price;
          }
          breakFee = Math.round((remaining * input.breakFeeBp) / 10_000);
          if (breakFee > 0) attempt(charge('break_fee', day, null, breakFee), day);
        } else {
          // Flexi (a term one after its term): ends at the end of the period paid for (at its start if
          // nothing is paid yet), and can be undone until then.
          endsAt = next;
          const undo = intents.cancel!.undo;
          const room = num(endsAt) - num(day) - 1;
          if (undo !== null && room > 0) {
            todo.push({ day: plusDays(day, 1 + Math.floor((undo * room) / 100)), kind: 'undo', n: 0 });
          }
        }
        cancelled = 'staff';
        actions.push({ day, kind: 'cancel', type, endsAt, refund, breakFee, before });
      } else if (cancelled === 'staff' && endsAt !== null && day < endsAt) {
        // Undone before it takes effect: as if it had never been made.
        cancelled = null;
        endsAt = null;
        undone += 1;
        actions.push({ day, kind: 'undo', before });
      }
    }
  }
  return {
    charges: list,
    pauses,
    actions,
    standing: standing(),
    pausedSince: paused?.start ?? null,
    onNewPrice,
    periodsOwing: owed().filter((x) => x.kind === 'period').length,
    undone,
    coolingOff,
  };
}

// ---- The engine, on a real database and the simulators. ----

const termArb = fc.record({
  unit: fc.constantFrom<'weeks' | 'months'>('weeks', 'months'),
  amount: fc.integer({ min: 2, max: 8 }),
  to: fc.constantFrom<'dated' | 'undated' | 'own'>('dated', 'undated', 'own'),
  price: fc.integer({ min: 900, max: 25_000 }),
});

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    frequency: fc.constantFrom<Frequency>('weekly', 'fortnightly', 'monthly', 'quarterly'),
    startOffset: fc.integer({ min: 0, max: 75 }),
    monthEnd: fc.boolean(),
    price: fc.integer({ min: 900, max: 25_000 }),
    joiningFee: fc.constantFrom(0, 0, 4_900, 9_950),
    card: fc.boolean(),
    change: fc.option(
      fc.record({
        afterDays: fc.integer({ min: 0, max: 200 }),
        price: fc.integer({ min: 900, max: 25_000 }),
      }),
      { nil: null },
    ),
    term: fc.oneof(
      { arbitrary: fc.constant(null), weight: 3 },
      {
        arbitrary: termArb.map((t) => (t.unit === 'weeks' ? { ...t, amount: t.amount * 4 } : t)),
        weight: 2,
      },
    ),
    pauses: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: JOURNEY_DAYS - 10 }),
        lead: fc.oneof(
          { arbitrary: fc.integer({ min: 1, max: 25 }), weight: 3 },
          { arbitrary: fc.constant<'due'>('due'), weight: 1 },
        ),
        length: fc.integer({ min: 1, max: 50 }),
      }),
      { maxLength: 2 },
    ),
    cancel: fc.oneof(
      { arbitrary: fc.constant(null), weight: 1 },
      {
        arbitrary: fc.record({
          day: fc.integer({ min: 0, max: JOURNEY_DAYS - 10 }),
          fromStart: fc.boolean(),
          undo: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null, freq: 2 }),
        }),
        weight: 1,
      },
    ),
    answers: fc.array(fc.constantFrom<Answer>(true, true, true, 'soft', 'soft', 'hard'), {
      minLength: 0,
      maxLength: 30,
    }),
  })
  // A term membership's transition price is the price after its term: no other change is scheduled.
  .map((c) => (c.term ? { ...c, change: null } : c));

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  // The billing history starts in the summer before a leap day.
  t.clock.set(new Date(`${FIRST_DAY}T00:00:00+13:00`));
  t.clock.advance(-12 * 3_600_000);
  await receiveSandboxWebhooks(t);
  tenant = await createTenant(t.db);
  await t.db
    .update(organisations)
    .set({
      failedPaymentGracePeriod: GRACE_DAYS,
      failedPaymentGracePeriodUnit: 'days',
      termMembershipGracePeriod: TERM_GRACE_DAYS,
      termMembershipGracePeriodUnit: 'days',
    })
    .where(eq(organisations.id, tenant.organisation.id));
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
}, 60_000);
afterAll(() => t.close());

/** A member with a saved card on the gym's connected account (as the join site leaves one). */
async function cardMember(stripeAccount: string, n: number) {
  const organisationId = tenant.organisation.id;
  const member = await createMember(t.db, { organisationId, gymId: tenant.gymA.id });
  const customer = `cus_model${n}`;
  const paymentMethod = `pm_model${n}`;
  t.sandbox.controls.stripe.rememberCards([
    {
      account: stripeAccount,
      customer,
      paymentMethod,
      email: member.email,
      name: 'Model Member',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
    },
  ]);
  const [type] = await t.db
    .insert(paymentTypes)
    .values({ organisationId, userId: member.id, gymId: tenant.gymA.id, type: 'stripe_card' })
    .returning();
  await t.db.insert(cards).values({
    paymentTypeId: type!.id,
    organisationId,
    stripeCustomerId: customer,
    stripePaymentMethodId: paymentMethod,
    brand: 'visa',
    expMonth: 12,
    expYear: 2031,
    lastFour: '4242',
  });
  return { member, paymentTypeId: type!.id };
}

/** The engine's subscription row as the model's Standing. */
async function standingOf(id: number): Promise<Standing> {
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return {
    currentPeriodEnd: sub!.currentPeriodEnd,
    anchor: sub!.anchorDay,
    endsAt: sub!.endsAt,
    cancelled:
      sub!.cancelledAt === null
        ? null
        : sub!.cancellationReasons.includes('non_payment')
          ? 'non_payment'
          : 'staff',
    graceEndsAt: sub!.gracePeriodEndsAt,
    owing: sub!.balanceOwing,
    paused: sub!.pausedAt !== null,
    pauseDaysCredit: sub!.pauseDaysCredit,
  };
}

/** What staff do: a pause as the product writes it, a cancellation and its undo through the engine's own. */
async function act(id: number, action: Action) {
  const now = t.clock.now();
  const who = { organisationId: tenant.organisation.id, subscriptionId: id, actorUserId: tenant.admin.id };
  const label = `subscription ${id}, ${action.kind} on ${action.day}`;
  if (action.kind === 'pause') {
    await t.db.insert(subscriptionPauses).values({
      organisationId: tenant.organisation.id,
      subscriptionId: id,
      startDate: action.start,
      endDate: action.end,
      createdAt: now,
    });
  } else if (action.kind === 'cancel') {
    const outcome = await cancelSubscription(billingDeps(t), {
      ...who,
      reasons: ['Moving away'],
      comment: 'Off to Dunedin',
    });
    expect(outcome, label).toMatchObject({
      kind: action.type,
      endsOn: action.endsAt,
      refund: action.refund,
      breakFee: action.breakFee,
    });
  } else {
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(canUndoCancellation(sub!, now), label).toBe(true);
    expect(await undoCancellation(billingDeps(t), who), label).toBe('undone');
  }
}

describe('the billing engine against an independent model', () => {
  it('charges, retries, grace, pauses, cancellations and term ends agree to the cent over a year', async () => {
    const cases = fc.sample(fc.array(caseArb, { minLength: 24, maxLength: 24 }), {
      numRuns: 1,
      // Chosen (other seeds pass too) for a sample that exercises every rule the checks below name.
      seed: 206,
    })[0]!;
    const { accountId } = await t.providers.stripe.createConnectedAccount({ businessName: 'Model Gym' });
    t.sandbox.controls.stripe.completeOnboarding(accountId);
    await t.db
      .update(gyms)
      .set({ stripeId: accountId, cardSurchargeBasisPoints: SURCHARGE_BP, breakFeeBasisPoints: BREAK_FEE_BP })
      .where(eq(gyms.id, tenant.gymA.id));
    const offering = await createOffering(t.db, {
      organisationId: tenant.organisation.id,
      allGymsAccess: true,
    });

    const made: {
      id: number;
      case: Case;
      priceId: number;
      nextPriceId: number | null;
      model: ModelResult;
    }[] = [];
    for (const [n, c] of cases.entries()) {
      let start = plusDays(FIRST_DAY, c.startOffset);
      if (c.monthEnd) start = monthStep(`${start.slice(0, 8)}01`, 0, 31);
      const anchor = +start.slice(8, 10);
      const price = await createPrice(t.db, {
        organisationId: tenant.organisation.id,
        offeringId: offering.id,
        amount: c.price,
        joiningFee: c.joiningFee,
        billingFrequency: c.frequency,
      });
      const changeFrom = c.change ? plusDays(start, c.change.afterDays) : null;
      // The term's end as the model counts it, and as the join flow does (the domain's termEndDate).
      const termEndsAt = c.term
        ? c.term.unit === 'weeks'
          ? plusDays(start, 7 * c.term.amount)
          : monthStep(start, c.term.amount, anchor)
        : null;
      const engineTermEndsAt = c.term
        ? termEndDate(start as never, { termAmount: c.term.amount, termUnit: c.term.unit })
        : null;
      expect(engineTermEndsAt).toBe(termEndsAt);
      const nextAmount = c.change?.price ?? (c.term && c.term.to !== 'own' ? c.term.price : null);
      const next =
        nextAmount === null
          ? null
          : await createPrice(t.db, {
              organisationId: tenant.organisation.id,
              offeringId: offering.id,
              amount: nextAmount,
              billingFrequency: c.frequency,
            });
      // Cards cannot be told to fail in a chosen order; they pay, and carry the surcharge.
      const answers = c.card ? [] : c.answers;
      const payer = c.card ? await cardMember(accountId, n) : await bankMember(t, tenant);
      if (!c.card) {
        const bankAccount = (payer as Awaited<ReturnType<typeof bankMember>>).accountId;
        // Past the queued answers the account has plenty in it (an everyday account holds $2,500).
        t.sandbox.controls.akahu.setBalance(bankAccount, 1_000_000);
        for (const answer of answers) {
          t.sandbox.controls.akahu.failNextPayment(
            bankAccount,
            answer === true
              ? { status: 'SENT' }
              : answer === 'soft'
                ? 'INSUFFICIENT_FUNDS'
                : 'INVALID_ACCOUNT',
          );
        }
      }
      const sub = await createSubscription(t.db, {
        organisationId: tenant.organisation.id,
        gymId: tenant.gymA.id,
        userId: payer.member.id,
        priceId: price.id,
        paymentTypeId: payer.paymentTypeId,
        startDate: start,
        anchorDay: anchor,
        ...(next && changeFrom ? { transitionToPriceId: next.id, transitionTakesEffectAt: changeFrom } : {}),
        ...(c.term
          ? {
              isTermMembership: true,
              termEndsAt: engineTermEndsAt,
              coolingPeriodEndsAt: plusDays(start, COOLING_OFF_DAYS),
              // After the term: the transition price, from the term's end (written, or left to the rule).
              ...(next
                ? {
                    transitionToPriceId: next.id,
                    transitionTakesEffectAt: c.term.to === 'dated' ? engineTermEndsAt : null,
                  }
                : {}),
            }
          : {}),
      });
      made.push({
        id: sub.id,
        case: c,
        priceId: price.id,
        nextPriceId: next?.id ?? null,
        model: model(
          {
            frequency: c.frequency,
            start,
            anchor,
            price: c.price,
            joiningFee: c.joiningFee,
            surchargeBp: c.card ? SURCHARGE_BP : 0,
            change: c.change && changeFrom ? { from: changeFrom, price: c.change.price } : null,
            term: termEndsAt
              ? {
                  endsAt: termEndsAt,
                  coolingEndsAt: plusDays(start, COOLING_OFF_DAYS),
                  price: c.term!.to === 'own' ? null : c.term!.price,
                }
              : null,
            breakFeeBp: BREAK_FEE_BP,
          },
          c,
          answers,
          FIRST_DAY,
          LAST_DAY,
        ),
      });
    }

    // The sample exercises every rule it claims to: retries, recovery, grace running out, surcharges on a
    // joining fee, a price change, month-end anchors, pauses (credited, not, before the first charge,
    // moving a monthly anchor), cancellations taking effect and undone, a term left in cooling-off with a
    // refund, a term left early with a break fee, and terms ending on a new price.
    const all = made.flatMap((m) => m.model.charges);
    const pauses = made.flatMap((m) => m.model.pauses);
    const ended = (kind: Cancelled) => made.filter((m) => m.model.standing.cancelled === kind);
    const termEnded = made.filter((m) => m.model.charges.some((ch) => !ch.term) && m.case.term !== null);
    const cancels = made.flatMap((m) => m.model.actions.flatMap((a) => (a.kind === 'cancel' ? [a] : [])));
    const breakFees = all.filter((ch) => ch.kind === 'break_fee');
    console.info(
      `model: ${all.length} charges, ${all.reduce((n, ch) => n + ch.attempts, 0)} attempts,`,
      `${ended('non_payment').length} cancelled for non-payment;`,
      `${pauses.filter((p) => p.applied).length} pauses applied (${pauses.filter((p) => p.credit > 0).length}`,
      `with credit days, ${pauses.filter((p) => p.beforeFirstCharge).length} before the first charge),`,
      `${pauses.filter((p) => p.skipped).length} never applied, ${pauses.filter((p) => !p.applied && !p.skipped).length} still to come;`,
      `${cancels.length} staff cancellations (${cancels.filter((a) => a.type === 'cooling_off').length} in cooling-off,`,
      `${cancels.filter((a) => a.type === 'break_fee').length} of a term before its end, ${breakFees.length} break fees charged),`,
      `${made.reduce((n, m) => n + m.model.undone, 0)} undone,`,
      `${ended('staff').filter((m) => m.model.standing.endsAt! <= LAST_DAY).length} taken effect;`,
      `${termEnded.length} terms ended (${termEnded.filter((m) => m.model.onNewPrice).length} onto a transition price)`,
    );
    expect(ended('non_payment').length).toBeGreaterThan(0);
    expect(all.filter((ch) => ch.attempts > 1 && ch.paid).length).toBeGreaterThan(0);
    expect(all.filter((ch) => ch.attempts > 1 && !ch.paid).length).toBeGreaterThan(0);
    expect(made.filter((m) => m.case.card && m.case.joiningFee > 0).length).toBeGreaterThan(0);
    expect(made.filter((m) => m.case.change !== null && m.model.onNewPrice).length).toBeGreaterThan(0);
    expect(made.filter((m) => m.case.monthEnd && m.case.frequency === 'monthly').length).toBeGreaterThan(0);
    expect(pauses.filter((p) => p.applied && p.credit > 0).length).toBeGreaterThan(0);
    expect(pauses.filter((p) => p.applied && p.credit === 0 && !p.beforeFirstCharge).length).toBeGreaterThan(
      0,
    );
    expect(pauses.filter((p) => p.beforeFirstCharge).length).toBeGreaterThan(0);
    expect(
      made.filter(
        (m) =>
          MONTHS[m.case.frequency] &&
          m.model.pauses.some((p) => p.applied) &&
          m.model.standing.anchor !== +(m.model.charges[0]?.start ?? '0000-00-00').slice(8),
      ).length,
      'a monthly anchor moved by a pause',
    ).toBeGreaterThan(0);
    expect(ended('staff').filter((m) => m.model.standing.endsAt! <= LAST_DAY).length).toBeGreaterThan(0);
    expect(made.filter((m) => m.model.undone > 0).length).toBeGreaterThan(0);
    for (const to of ['dated', 'undated', 'own'] as const) {
      expect(termEnded.filter((m) => m.case.term!.to === to).length, `a term ending (${to})`).toBeGreaterThan(
        0,
      );
    }
    expect(
      made.filter((m) => m.case.term && m.model.charges.some((ch) => ch.term && ch.firstFailed)).length,
      'a failure inside a term',
    ).toBeGreaterThan(0);
    expect(
      cancels.filter((a) => a.type === 'cooling_off' && a.refund > 0).length,
      'a refund',
    ).toBeGreaterThan(0);
    expect(breakFees.length, 'a break fee').toBeGreaterThan(0);
    expect(breakFees.filter((ch) => ch.firstFailed !== null).length, 'a break fee failing').toBeGreaterThan(
      0,
    );
    // The journey, stopping at noon on each day staff act; before acting, the engine's subscription must
    // stand where the model's does.
    const deps = { ...billingDeps(t), onClockMoved: () => t.sandbox.controls.settle() };
    const actions = made
      .flatMap((m) => m.model.actions.map((action) => ({ id: m.id, label: JSON.stringify(m.case), action })))
      .sort((a, b) => (a.action.day < b.action.day ? -1 : a.action.day > b.action.day ? 1 : 0));
    const started = performance.now();
    for (const [i, { id, label, action }] of actions.entries()) {
      if (todayInAuckland(t.clock.now()) < action.day) {
        await travel(deps, new Date(`${action.day}T12:00:00+13:00`));
      }
      expect(await standingOf(id), `${label} at noon on ${action.day}`).toEqual(action.before);
      await act(id, action);
      // An hour on, the bank has answered what staff set off (a break fee is sent at once).
      if (actions[i + 1]?.action.day !== action.day) {
        await travel(deps, new Date(`${action.day}T13:00:00+13:00`));
      }
    }
    await travel(deps, new Date(`${LAST_DAY}T12:00:00+13:00`));
    console.info(
      `model run: ${made.length} subscriptions, ${actions.length} staff actions,`,
      `${Math.round(performance.now() - started)} ms`,
    );

    for (const { id, case: c, priceId, nextPriceId, model: expected } of made) {
      const rows = await t.db
        .select()
        .from(charges)
        .where(eq(charges.subscriptionId, id))
        .orderBy(asc(charges.periodStart), asc(charges.kind));
      const attempts = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, id)));
      // A refund is its own record beside the payment, which stays collected (BILLING.md, turn 3).
      const refunds = await t.db
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            attempts.map((a) => a.id),
          ),
        );
      const pauseRows = await t.db
        .select()
        .from(subscriptionPauses)
        .where(eq(subscriptionPauses.subscriptionId, id))
        .orderBy(asc(subscriptionPauses.id));
      const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      const label = JSON.stringify(c);
      expect(
        rows.map((r) => {
          const mine = attempts.filter((a) => a.chargeId === r.id).sort((a, b) => a.id - b.id);
          return {
            kind: r.kind,
            start: r.periodStart,
            end: r.periodEnd,
            amount: r.amount,
            surcharge: r.surcharge,
            term: mine.map((a) => a.isTermMembership),
            status: r.status,
            refunded: refunds
              .filter((f) => mine.some((a) => a.id === f.paymentId))
              .reduce((n, f) => n + f.amount, 0),
            days: mine.map((a) => todayInAuckland(a.createdAt)),
          };
        }),
        label,
      ).toEqual(
        expected.charges
          .map((m) => ({
            kind: m.kind,
            start: m.start,
            end: m.end,
            amount: m.amount,
            surcharge: m.surcharge,
            term: m.days.map(() => m.term),
            status: m.paid ? 'paid' : 'unpaid',
            refunded: m.refunded,
            days: m.days,
          }))
          .sort((a, b) => (a.start === b.start ? (a.kind < b.kind ? -1 : 1) : a.start < b.start ? -1 : 1)),
      );
      expect(
        pauseRows.map((p) => ({
          start: p.startDate,
          end: p.endDate,
          applied: p.appliedAt !== null,
          ended: p.endedAt !== null,
          credit: p.creditDays,
        })),
        label,
      ).toEqual(
        expected.pauses.map((p) => ({
          start: p.start,
          end: p.end,
          applied: p.applied,
          ended: p.ended,
          credit: p.credit,
        })),
      );
      expect(
        {
          standing: await standingOf(id),
          periodsOwing: sub!.periodsOwing,
          pausedSince: sub!.pausedAt === null ? null : todayInAuckland(sub!.pausedAt),
          priceId: sub!.priceId,
          transitionToPriceId: sub!.transitionToPriceId,
          coolingOff: sub!.cancelledDuringCoolingOffPeriod,
        },
        label,
      ).toEqual({
        standing: expected.standing,
        periodsOwing: expected.periodsOwing,
        pausedSince: expected.pausedSince,
        priceId: expected.onNewPrice ? nextPriceId : priceId,
        transitionToPriceId: expected.onNewPrice ? null : nextPriceId,
        coolingOff: expected.coolingOff,
      });
    }
  }, 600_000);
});
