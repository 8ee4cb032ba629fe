// Plans every demo member's membership: which price, which state of spec section 4, and the dates that
// put it there. Pure: the same random stream and `today` give the same plans.
import { addDays, dayOfMonth, type IsoDate } from './calendar';
import type { SeededGym, SeededOrg, SeededPrice } from './catalogue-seed';
import { DEMO_EMAILS } from './demo-people';
import { CANCELLATION_COMMENTS, CANCELLATION_REASONS } from './nz-data';
import { shiftPeriods } from './periods';
import { makePerson, type Person } from './person-plan';
import type { Random } from './random';

export type PlanState =
  | 'active'
  | 'paused'
  | 'cancelled'
  | 'cancelled_pending'
  | 'grace'
  | 'grace_cancelled'
  | 'upcoming'
  | 'upcoming_failed'
  | 'term'
  | 'term_cooling'
  | 'term_cooling_cancelled'
  | 'term_break_fee'
  | 'term_completed';

export interface MemberPlan {
  org: SeededOrg;
  gym: SeededGym;
  person: Person;
  state: PlanState;
  price: SeededPrice;
  paysBy: 'bank_account' | 'stripe_card';
  startDate: IsoDate;
  anchorDay: number;
  forcePriceAmount: number | null;
  pause: { start: IsoDate; end: IsoDate } | null;
  cancelDate: IsoDate | null;
  reasons: string[];
  comment: string | null;
  /** Grace states: the due date of the first charge that failed. */
  failureDate: IsoDate | null;
  scheduledChangeTo: SeededPrice | null;
  appliedChange: { from: SeededPrice; date: IsoDate } | null;
  /** Visits a week while a member. */
  visitRate: number;
  joinedBySelf: boolean;
}

// How many members of each organisation are planned into each state; the rest are active.
// biome-ignore format: a table reads best as one
const MIX: Record<SeededOrg['def']['key'], Partial<Record<PlanState, number>>> = {
  southern: { paused: 8, cancelled: 22, cancelled_pending: 5, grace: 7, grace_cancelled: 4, upcoming: 5, upcoming_failed: 1,
    term: 12, term_cooling: 3, term_cooling_cancelled: 1, term_break_fee: 1, term_completed: 4 },
  kowhai: { paused: 3, cancelled: 8, cancelled_pending: 2, grace: 3, grace_cancelled: 1, upcoming: 2, upcoming_failed: 1,
    term: 8, term_cooling: 2, term_cooling_cancelled: 1, term_break_fee: 1, term_completed: 2 },
};

const TERM_STATES = new Set<PlanState>([
  'term',
  'term_cooling',
  'term_cooling_cancelled',
  'term_break_fee',
  'term_completed',
]);

export function planMembers(random: Random, orgs: SeededOrg[], today: IsoDate): MemberPlan[] {
  const emails = new Set<string>();
  const plans: MemberPlan[] = [];
  for (const org of orgs) {
    const mix = Object.entries(MIX[org.def.key]) as [PlanState, number][];
    const states = mix.flatMap(([state, n]) => Array<PlanState>(n).fill(state));
    while (states.length < org.def.memberCount) states.push('active');
    const shuffled = random.shuffle(states);
    // The demo member is the organisation's first, and plainly active.
    if (org.def.key === 'southern') shuffled.unshift(...shuffled.splice(shuffled.indexOf('active'), 1));
    shuffled.forEach((state, i) => {
      const demo = org.def.key === 'southern' && i === 0;
      plans.push(planMember(random, org, state, today, emails, demo));
    });
  }
  return plans;
}

function planMember(
  random: Random,
  org: SeededOrg,
  state: PlanState,
  today: IsoDate,
  emails: Set<string>,
  demo: boolean,
): MemberPlan {
  const gym = demo ? org.gyms[0]! : random.weighted(org.gyms.map((g) => [g, g.def.share] as const));
  const person = makePerson(random, gym.def.city, today, emails, demo ? DEMO_EMAILS.member : undefined);
  const prices = [...org.prices.values()];
  let price = demo
    ? org.prices.get('ac-weekly')!
    : TERM_STATES.has(state)
      ? random.pick(prices.filter((p) => p.def.term && !p.def.archived))
      : random.weighted(
          prices.filter((p) => p.offering.gymIds.includes(gym.id)).map((p) => [p, p.def.weight] as const),
        );
  if (state === 'active' && !demo && org.prices.has('ac-corporate') && random.chance(0.04))
    price = org.prices.get('ac-corporate')!;
  const frequency = price.def.frequency;
  const plan: MemberPlan = {
    org,
    gym,
    person,
    state,
    price,
    paysBy: demo || random.chance(0.72) ? 'bank_account' : 'stripe_card',
    startDate: today,
    anchorDay: 1,
    forcePriceAmount: null,
    pause: null,
    cancelDate: null,
    reasons: [],
    comment: null,
    failureDate: null,
    scheduledChangeTo: null,
    appliedChange: null,
    visitRate: random.weighted([
      [0.5, 15],
      [1.5, 25],
      [3, 35],
      [5, 20],
      [6.5, 5],
    ] as const),
    joinedBySelf: random.chance(0.85),
  };
  const ago = (min: number, max: number) => addDays(today, -random.int(min, max));
  const cancel = () => {
    plan.reasons = random.sample(CANCELLATION_REASONS, random.int(1, 2));
    plan.comment = random.pick(CANCELLATION_COMMENTS) || null;
  };
  switch (state) {
    case 'active':
    case 'cancelled':
    case 'cancelled_pending':
    case 'paused':
      plan.startDate = demo ? addDays(today, -240) : ago(state === 'active' ? 14 : 90, 730);
      if (state === 'cancelled')
        plan.cancelDate = addDays(plan.startDate, random.int(45, daysAgo(plan.startDate, today) - 30));
      if (state === 'cancelled_pending') plan.cancelDate = ago(0, 4);
      if (state === 'cancelled' || state === 'cancelled_pending') cancel();
      if (state === 'paused') {
        const start = ago(1, 20);
        plan.pause = { start, end: addDays(today, random.int(7, 40)) };
      }
      break;
    case 'grace':
    case 'grace_cancelled':
      plan.failureDate = state === 'grace' ? ago(1, 6) : ago(25, 200);
      plan.anchorDay = dayOfMonth(plan.failureDate);
      plan.startDate = shiftPeriods(plan.failureDate, frequency, -random.int(3, 40), plan.anchorDay);
      if (plan.startDate < addDays(today, -720))
        plan.startDate = shiftPeriods(plan.failureDate, frequency, -3, plan.anchorDay);
      if (state === 'grace_cancelled') plan.reasons = ['Failed payment'];
      break;
    case 'upcoming':
      plan.startDate = addDays(today, random.int(2, 21));
      break;
    case 'upcoming_failed':
      plan.startDate = ago(0, 2);
      break;
    case 'term':
      plan.startDate = ago(20, price.def.term!.amount * 28);
      break;
    case 'term_cooling':
      plan.startDate = ago(0, 10);
      break;
    case 'term_cooling_cancelled':
      plan.startDate = ago(4, 12);
      plan.cancelDate = addDays(plan.startDate, random.int(1, 3));
      cancel();
      break;
    case 'term_break_fee':
      plan.startDate = ago(100, price.def.term!.amount * 25);
      plan.cancelDate = ago(2, 20);
      cancel();
      break;
    case 'term_completed':
      plan.startDate = ago(price.def.term!.amount * 31 + 10, 700);
      break;
  }
  // Weekly and fortnightly periods count days, not months: their anchor is just the start's day.
  if (!plan.failureDate || frequency === 'weekly' || frequency === 'fortnightly')
    plan.anchorDay = dayOfMonth(plan.startDate);
  if (state === 'active' && !demo) addActiveExtras(random, plan, today);
  return plan;
}

function daysAgo(date: IsoDate, today: IsoDate): number {
  return Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);
}

/** Price history, scheduled price changes, past pauses and staff discounts on some active memberships. */
function addActiveExtras(random: Random, plan: MemberPlan, today: IsoDate) {
  const key = plan.price.def.key;
  const changeDate = addDays(today, -180);
  if (key === 'ac-weekly' && plan.startDate < changeDate && random.chance(0.5)) {
    plan.appliedChange = { from: plan.org.prices.get('ac-weekly-2024')!, date: changeDate };
  } else if (key === 'ac-weekly' && random.chance(0.3)) {
    plan.scheduledChangeTo = plan.org.prices.get('ac-weekly-2026')!;
  }
  if (daysAgo(plan.startDate, today) > 120 && random.chance(0.08)) {
    const start = addDays(plan.startDate, random.int(30, daysAgo(plan.startDate, today) - 60));
    plan.pause = { start, end: addDays(start, random.int(7, 35)) };
  }
  if (random.chance(0.01)) plan.forcePriceAmount = Math.round(plan.price.def.amount / 200) * 100;
}
