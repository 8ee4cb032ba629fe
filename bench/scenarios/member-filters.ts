import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import type { Scenario } from '../scenario';
import { membersScenario } from './lists';

// Every filter of the members list (issue 27: each under 20 ms p95 at a million members), each with the
// default sort (name), and the broadest filter (active) with each other sort. The bench organisation has
// one offering with three prices (1: weekly, 2: fortnightly, 3: monthly) and the tags student and
// corporate on a tenth of its members.
const today = todayInAuckland(new Date());

export const scenarios: Scenario[] = [
  membersScenario('members-state-active', 46, { state: 'active' }),
  membersScenario('members-state-grace', 46.1, { state: 'grace' }),
  membersScenario('members-state-paused', 46.2, { state: 'paused' }),
  membersScenario('members-state-cancelled', 46.3, { state: 'cancelled' }),
  membersScenario('members-owing', 46.4, { owing: 'true' }),
  membersScenario('members-inactive-30', 46.5, { inactive_days: '30' }),
  membersScenario('members-joined-between', 46.6, {
    joined_from: addDays(today, -365),
    joined_to: addDays(today, -180),
  }),
  membersScenario('members-tag', 46.7, { tag: 'student' }),
  membersScenario('members-offering', 46.8, { offering_id: '1' }),
  membersScenario('members-price', 46.9, { price_id: '2' }),
  membersScenario('members-active-by-joined', 47, { state: 'active', sort: 'joined', direction: 'desc' }),
  membersScenario('members-active-by-last-visit', 47.1, { state: 'active', sort: 'last_visit' }),
  membersScenario('members-active-by-next-payment', 47.2, { state: 'active', sort: 'next_payment' }),
  membersScenario('members-active-by-balance', 47.3, {
    state: 'active',
    sort: 'balance_owing',
    direction: 'desc',
  }),
];
