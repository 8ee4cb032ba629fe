// Door visits of one demo member: on a share of the days they had access, at the hours people train
// (the offering's hours for limited-access memberships), with a few denied swipes. Access is what the
// billing engine left the membership with (its end, its pauses), read back after the demo journey.
import { addDays, dayOfWeek, type CalendarDate as IsoDate, maxDate } from '@gym/domain/calendar-date';
import { aucklandInstant } from './calendar';
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

/** What the engine made of the membership: when door access ended (exclusive), and its pauses. */
export interface AccessHistory {
  /** Null while access continues. */
  endsAt: IsoDate | null;
  cancelled: boolean;
  pauses: { start: IsoDate; end: IsoDate }[];
  /** Whether the membership ever began (a first payment that failed leaves it upcoming). */
  began: boolean;
}

export function planVisits(
  random: Random,
  plan: MemberPlan,
  access: AccessHistory,
  today: IsoDate,
  now: Date,
): VisitPlan[] {
  const visits: VisitPlan[] = [];
  const offering = plan.price.offering;
  const gyms = plan.org.gyms.filter((g) => offering.gymIds.includes(g.id));
  const at = (date: IsoDate): Date | null => {
    const day = dayOfWeek(date);
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
  if (!access.began) return visits;
  const daily = Math.min(0.95, plan.visitRate / 7);
  const until = access.endsAt !== null && access.endsAt <= today ? access.endsAt : addDays(today, 1);
  const paused = (d: IsoDate) => access.pauses.some((p) => d >= p.start && d < p.end);
  for (let d = maxDate(plan.memberSince, addDays(today, -730)); d < until; d = addDays(d, 1)) {
    if (paused(d)) {
      // A swipe during a pause is refused at the door, now and then.
      if (random.chance(0.02)) add(d, false);
      continue;
    }
    if (random.chance(daily)) add(d, !random.chance(0.012));
  }
  // Swipes after access ended are refused at the door.
  if (access.cancelled && access.endsAt !== null && access.endsAt <= today && random.chance(0.5)) {
    add(addDays(access.endsAt, random.int(0, 10)), false);
  }
  return visits;
}
