// Who counts as active on a day, rebuilt from when things happened: checked on random histories against
// what the domain's subscriptionState says of the same facts.
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endOfDay, type SubscriptionFacts, standingsOn } from './member-standing';

const TODAY = '2026-06-15' as CalendarDate;
const NOW = new Date(startOfDayInstant(TODAY).getTime() + 10 * 3_600_000);
const day = (offset: number) => addDays(TODAY, offset);

const facts = (overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  id: 1,
  user_id: 1,
  user_name: 'Aroha',
  gym_id: 1,
  gym_name: 'Ponsonby',
  price_id: 1,
  price_amount: 2500,
  billing_frequency: 'weekly',
  offering_id: 1,
  offering_name: 'Flexi',
  start_date: day(-100),
  current_period_start: day(-3),
  current_period_end: day(4),
  ends_at: null,
  cancelled_at: null,
  grace_period_ends_at: null,
  upcoming_state: null,
  balance_owing: 0,
  pauses: [],
  failures: [],
  ...overrides,
});

const stateOn = (sub: SubscriptionFacts, offset: number) =>
  standingsOn([sub], day(offset), NOW)[0]?.state ?? null;

describe('standingsOn', () => {
  it('follows a history: joined, paused, owing, cancelled', () => {
    const sub = facts({
      start_date: day(-60),
      pauses: [{ start: day(-50), end: day(-40) }],
      failures: [
        {
          first_failed_at: endOfDay(day(-30)).toISOString(),
          paid_at: endOfDay(day(-25)).toISOString(),
          written_off: false,
        },
      ],
      cancelled_at: startOfDayInstant(day(-10)),
    });
    expect(stateOn(sub, -70)).toBeNull();
    expect(stateOn(sub, -55)).toBe('active');
    expect(stateOn(sub, -45)).toBe('paused');
    expect(stateOn(sub, -40)).toBe('active');
    expect(stateOn(sub, -28)).toBe('grace');
    expect(stateOn(sub, -20)).toBe('active');
    expect(stateOn(sub, -10)).toBe('cancelled');
    expect(stateOn(sub, 0)).toBe('cancelled');
  });

  it('counts a member once, by their latest membership to have started', () => {
    const old = facts({ id: 1, start_date: day(-200), cancelled_at: startOfDayInstant(day(-120)) });
    const renewed = facts({ id: 2, start_date: day(-100) });
    expect(standingsOn([old, renewed], day(-150), NOW).map((s) => [s.sub.id, s.state])).toEqual([
      [1, 'active'],
    ]);
    expect(standingsOn([old, renewed], day(-50), NOW).map((s) => [s.sub.id, s.state])).toEqual([
      [2, 'active'],
    ]);
  });

  it('is active on any past day after the start when nothing ever happened', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 400 }), (started, offset) => {
        const sub = facts({ start_date: day(-started) });
        const state = stateOn(sub, -offset);
        if (offset > started) expect(state).toBeNull();
        else expect(state).toBe('active');
      }),
    );
  });
});
