// Door visits of one demo member: on a share of the days they had access, at the hours people train
// (the offering's hours for limited-access memberships), with a few denied swipes.
import type { Outcome } from './billing-sim';
import {
  addDays,
  aucklandInstant,
  dayNumber,
  fromDayNumber,
  type IsoDate,
  isoWeekday,
  maxDate,
} from './calendar';
import type { MemberPlan } from './member-plan';
import type { Random } from './random';

export interface VisitPlan {
  gymId: number;
  doorId: number;
  at: Date;
  successful: boolean;
}

const WEEKDAY_HOURS: [number, number][] = [
  [4, 1],
  [5, 6],
  [6, 12],
  [7, 10],
  [8, 6],
  [9, 5],
  [10, 4],
  [11, 3],
  [12, 7],
  [13, 4],
  [14, 3],
  [15, 4],
  [16, 7],
  [17, 12],
  [18, 11],
  [19, 7],
  [20, 4],
  [21, 2],
  [22, 1],
  [23, 0.4],
];
const WEEKEND_HOURS: [number, number][] = [
  [6, 3],
  [7, 8],
  [8, 12],
  [9, 12],
  [10, 10],
  [11, 7],
  [12, 4],
  [13, 3],
  [14, 3],
  [15, 3],
  [16, 4],
  [17, 3],
  [18, 2],
];

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

export function planVisits(
  random: Random,
  plan: MemberPlan,
  outcome: Outcome,
  today: IsoDate,
  now: Date,
): VisitPlan[] {
  const visits: VisitPlan[] = [];
  const offering = plan.price.offering;
  const gyms = plan.org.gyms.filter((g) => offering.gymIds.includes(g.id));
  const at = (date: IsoDate): Date | null => {
    const day = isoWeekday(date);
    if (offering.def.type === 'limited_access') {
      const hours = offering.def.hours?.find(([d]) => d === day);
      if (!hours) return null;
      const minute = random.int(minutesOf(hours[1]), minutesOf(hours[2]) - 30);
      return aucklandInstant(date, Math.floor(minute / 60), minute % 60, random.int(0, 59));
    }
    const hour = random.weighted(day >= 6 ? WEEKEND_HOURS : WEEKDAY_HOURS);
    return aucklandInstant(date, hour, random.int(0, 59), random.int(0, 59));
  };
  const add = (date: IsoDate, successful: boolean) => {
    const when = at(date);
    if (!when || when.getTime() > now.getTime()) return;
    const gym = gyms.length > 1 && random.chance(0.08) ? random.pick(gyms) : plan.gym;
    visits.push({ gymId: gym.id, doorId: gym.frontDoorId, at: when, successful });
  };

  if (outcome.accessUntil) {
    const daily = Math.min(0.95, plan.visitRate / 7);
    const from = dayNumber(maxDate(plan.startDate, addDays(today, -730)));
    const until = Math.min(dayNumber(outcome.accessUntil), dayNumber(today) + 1);
    const pause = plan.pause ? [dayNumber(plan.pause.start), dayNumber(plan.pause.end)] : [0, 0];
    for (let d = from; d < until; d++) {
      if (d >= pause[0]! && d < pause[1]!) continue;
      if (random.chance(daily)) add(fromDayNumber(d), !random.chance(0.012));
    }
    // Swipes after access ended, or during a pause, are refused at the door.
    if (outcome.cancelledAt && outcome.accessUntil <= today && random.chance(0.5)) {
      add(addDays(outcome.accessUntil, random.int(0, 10)), false);
    }
  }
  if (plan.state === 'paused' && plan.pause!.start < today) add(addDays(plan.pause!.start, 1), false);
  return visits;
}
