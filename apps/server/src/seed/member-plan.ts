// Plans every demo member: who they are, which price, how they pay, and what will happen to them during
// the demo's history (when they join, pause, cancel, see a price change, or their bank account runs dry).
// It plans intentions only: the billing engine, driven through the history by demo-journey.ts, decides
// every charge, attempt, grace and cancellation. Pure: the same random stream and `today` give the same plans.
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import type { SeededGym, SeededOrg, SeededPrice } from './catalogue-seed';
import { DEMO_EMAILS } from './demo-people';
import { CANCELLATION_COMMENTS, CANCELLATION_REASONS } from './nz-data';
import { makePerson, type Person } from './person-plan';
import type { Random } from './random';

/**
 * How many days of billing history the demo has: the organisations moved their members onto the product
 * this many days before today, and the engine has run every day since. Each simulated day costs the
 * first start about a second on the 2-core machine, so the history is kept short (README, "Demo data").
 */
export const HISTORY_DAYS = 42;

/** What the plan means to happen; the engine's outcome is what the demo shows. */
type PlanIntent =
  | 'active'
  | 'paused'
  | 'paused_before'
  | 'cancelled'
  | 'cancelled_pending'
  | 'grace'
  | 'grace_cancelled'
  | 'recovered'
  | 'upcoming'
  | 'upcoming_failed'
  | 'term'
  | 'term_cooling'
  | 'term_cooling_cancelled'
  | 'term_break_fee'
  | 'price_changed'
  | 'price_change_scheduled';

type AccountPlan =
  /** Plenty of money throughout. */
  | { kind: 'good' }
  /** A "Pocket Money" account (or the declining test card) from the start: every payment fails. */
  | { kind: 'failing' }
  /** Plenty until `on`, then $3.50 (the demo's "Pocket Money"); topped up again on `topUp` if given. */
  | { kind: 'runs_dry'; on: CalendarDate; topUp: CalendarDate | null };

export interface MemberPlan {
  org: SeededOrg;
  gym: SeededGym;
  person: Person;
  intent: PlanIntent;
  price: SeededPrice;
  paysBy: 'bank_account' | 'stripe_card';
  account: AccountPlan;
  /** organisation_members.start_date: members moved from the old system joined the gym long before. */
  memberSince: CalendarDate;
  /** The day the subscription is made (at noon, after that day's billing run). */
  joinedOn: CalendarDate;
  startDate: CalendarDate;
  /** Members moved from the old system had paid it up to the first day here (no joining fee again). */
  migrated: boolean;
  forcePriceAmount: number | null;
  pause: { madeOn: CalendarDate; start: CalendarDate; end: CalendarDate } | null;
  /** A staff cancellation made on `madeOn`, taking effect at the end of the period then current. */
  cancel: { madeOn: CalendarDate; reasons: string[]; comment: string | null } | null;
  /** A price change scheduled on `madeOn`, taking effect on `from`. */
  change: { madeOn: CalendarDate; to: SeededPrice; from: CalendarDate } | null;
  /** Visits a week while a member. */
  visitRate: number;
  joinedBySelf: boolean;
}

// How many members of each organisation get each story; the rest are plainly active.
// biome-ignore format: a table reads best as one
const MIX: Record<SeededOrg['def']['key'], Partial<Record<PlanIntent, number>>> = {
  southern: { paused: 7, paused_before: 8, cancelled: 16, cancelled_pending: 5, grace: 6, grace_cancelled: 5,
    recovered: 6, upcoming: 5, upcoming_failed: 1, term: 12, term_cooling: 3, term_cooling_cancelled: 1,
    term_break_fee: 1, price_changed: 24, price_change_scheduled: 18 },
  kowhai: { paused: 3, paused_before: 3, cancelled: 6, cancelled_pending: 2, grace: 3, grace_cancelled: 2,
    recovered: 2, upcoming: 2, upcoming_failed: 1, term: 6, term_cooling: 2, term_cooling_cancelled: 1,
    term_break_fee: 1 },
};

export function planMembers(
  random: Random,
  orgs: SeededOrg[],
  today: CalendarDate,
  historyDays = HISTORY_DAYS,
): MemberPlan[] {
  const emails = new Set<string>();
  const plans: MemberPlan[] = [];
  for (const org of orgs) {
    const mix = Object.entries(MIX[org.def.key]) as [PlanIntent, number][];
    const intents = mix.flatMap(([intent, n]) => Array<PlanIntent>(n).fill(intent));
    while (intents.length < org.def.memberCount) intents.push('active');
    const shuffled = random.shuffle(intents);
    // The demo member is the organisation's first, and plainly active.
    if (org.def.key === 'southern') shuffled.unshift(...shuffled.splice(shuffled.indexOf('active'), 1));
    shuffled.forEach((intent, i) => {
      const demo = org.def.key === 'southern' && i === 0;
      plans.push(planMember(random, org, intent, today, emails, demo, historyDays));
    });
  }
  return plans;
}

const WEEKLY = new Set(['weekly']);
const RECURRING = new Set(['weekly', 'fortnightly', 'monthly', 'quarterly', 'twice_yearly', 'yearly']);

function planMember(
  random: Random,
  org: SeededOrg,
  intent: PlanIntent,
  today: CalendarDate,
  emails: Set<string>,
  demo: boolean,
  historyDays: number,
): MemberPlan {
  const first = addDays(today, -historyDays);
  const gym = demo ? org.gyms[0]! : random.weighted(org.gyms.map((g) => [g, g.def.share] as const));
  const person = makePerson(random, gym.def.city, today, emails, demo ? DEMO_EMAILS.member : undefined);
  const offered = [...org.prices.values()].filter(
    (p) => p.offering.gymIds.includes(gym.id) && RECURRING.has(p.def.frequency),
  );
  const pick = (filter: (p: SeededPrice) => boolean) =>
    random.weighted(offered.filter(filter).map((p) => [p, Math.max(p.def.weight, 0.5)] as const));
  const joinable = (p: SeededPrice) => p.def.weight > 0 && !p.def.term;
  let price: SeededPrice;
  if (demo) price = org.prices.get('ac-weekly')!;
  else if (intent.startsWith('term')) price = pick((p) => !!p.def.term && !p.def.archived);
  else if (intent === 'price_changed') price = org.prices.get('ac-weekly-2024')!;
  else if (intent === 'price_change_scheduled') price = org.prices.get('ac-weekly')!;
  // Grace stories need a charge every week to land in grace (or past it) within the history.
  else if (intent === 'grace' || intent === 'grace_cancelled' || intent === 'recovered')
    price = pick((p) => joinable(p) && WEEKLY.has(p.def.frequency));
  else price = pick(joinable);
  if (intent === 'active' && !demo && org.prices.has('ac-corporate') && random.chance(0.04))
    price = org.prices.get('ac-corporate')!;

  // Most members moved across from the old system on the first days of the history (spread over a
  // fortnight, as the gym went through its list); the rest joined since.
  const migrated = demo || (intent !== 'upcoming' && intent !== 'upcoming_failed' && random.chance(0.75));
  const graceDays = (org.def.grace.unit === 'weeks' ? 7 : 1) * org.def.grace.period;
  let startDate = migrated
    ? addDays(first, random.int(1, 14))
    : addDays(first, random.int(2, historyDays - 3));
  if (demo) startDate = addDays(first, 2);
  let account: AccountPlan = { kind: 'good' };
  const plan: MemberPlan = {
    org,
    gym,
    person,
    intent,
    price,
    paysBy: demo || random.chance(0.72) ? 'bank_account' : 'stripe_card',
    account,
    memberSince: migrated ? addDays(first, -random.int(20, 720)) : startDate,
    joinedOn: addDays(startDate, -1),
    startDate,
    migrated,
    forcePriceAmount: null,
    pause: null,
    cancel: null,
    change: null,
    visitRate: random.weighted([
      [0.5, 15],
      [1.5, 25],
      [3, 35],
      [5, 20],
      [6.5, 5],
    ] as const),
    joinedBySelf: random.chance(0.85),
  };
  const cancel = (madeOn: CalendarDate) => {
    plan.cancel = {
      madeOn,
      reasons: random.sample(CANCELLATION_REASONS, random.int(1, 2)),
      comment: random.pick(CANCELLATION_COMMENTS) || null,
    };
  };
  switch (intent) {
    case 'paused': {
      const start = addDays(today, -random.int(1, 10));
      plan.pause = {
        madeOn: addDays(start, -random.int(1, 5)),
        start,
        end: addDays(today, random.int(7, 40)),
      };
      break;
    }
    case 'paused_before': {
      const start = addDays(first, random.int(18, 24));
      plan.pause = { madeOn: addDays(start, -2), start, end: addDays(start, random.int(7, 14)) };
      break;
    }
    case 'cancelled':
      cancel(addDays(first, random.int(16, 22)));
      break;
    case 'cancelled_pending':
      cancel(addDays(today, -random.int(0, 3)));
      break;
    case 'grace':
      // The account ran dry 8 or 9 days ago: a weekly charge has failed since (in the week after), and
      // grace (10 days or more) has not run out.
      account = { kind: 'runs_dry', on: addDays(today, -random.int(8, 9)), topUp: null };
      break;
    case 'grace_cancelled':
      account = { kind: 'runs_dry', on: addDays(today, -(graceDays + random.int(9, 14))), topUp: null };
      break;
    case 'recovered': {
      const on = addDays(first, random.int(Math.min(18, historyDays - 12), historyDays - 12));
      account = { kind: 'runs_dry', on, topUp: addDays(on, random.int(8, 9)) };
      break;
    }
    case 'upcoming':
      plan.startDate = addDays(today, random.int(2, 21));
      plan.joinedOn = addDays(today, -random.int(0, 3));
      plan.memberSince = plan.startDate;
      break;
    case 'upcoming_failed':
      plan.startDate = addDays(today, -random.int(0, 1));
      plan.joinedOn = addDays(plan.startDate, -2);
      plan.memberSince = plan.startDate;
      account = { kind: 'failing' };
      break;
    case 'term_cooling':
      plan.migrated = false;
      plan.startDate = addDays(today, -random.int(1, 8));
      plan.joinedOn = addDays(plan.startDate, -1);
      plan.memberSince = plan.startDate;
      break;
    case 'term_cooling_cancelled':
      // Joined, paid, and changed their mind within cooling-off: ends that day, unused days refunded.
      plan.migrated = false;
      plan.startDate = addDays(today, -random.int(8, 12));
      plan.joinedOn = addDays(plan.startDate, -1);
      plan.memberSince = plan.startDate;
      cancel(addDays(plan.startDate, random.int(2, 5)));
      break;
    case 'term_break_fee':
      // Left a term early, past cooling-off: the break fee on the rest of the term.
      cancel(addDays(today, -random.int(2, 10)));
      break;
    case 'price_changed':
      plan.change = {
        madeOn: addDays(first, 1),
        to: org.prices.get('ac-weekly')!,
        from: addDays(first, random.int(20, 24)),
      };
      break;
    case 'price_change_scheduled':
      plan.change = {
        madeOn: addDays(today, -random.int(2, 6)),
        to: org.prices.get('ac-weekly-2026')!,
        from: addDays(today, random.int(24, 30)),
      };
      break;
    default:
      break;
  }
  // A failing card cannot run dry part-way (the simulator's cards decline by number), so those pay by bank.
  if (account.kind === 'runs_dry') plan.paysBy = 'bank_account';
  plan.account = account;
  if (intent === 'active' && !demo && random.chance(0.01))
    plan.forcePriceAmount = Math.round(plan.price.def.amount / 200) * 100;
  return plan;
}
