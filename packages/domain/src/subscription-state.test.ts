import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarDate,
  calendarDate,
  startOfDayInstant,
  todayInAuckland,
} from './calendar-date';
import {
  canUndoCancellation,
  cardColour,
  classifyPaymentStatus,
  hasDoorAccess,
  isPaymentFailed,
  isPaymentSuccessful,
  membershipType,
  membershipTypeLabel,
  type SubscriptionStateInput,
  subscriptionFlags,
  subscriptionState,
} from './subscription-state';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;
// Midday on 15 Jul 2025 in Auckland.
const now = new Date('2025-07-15T00:00:00Z');
const base: SubscriptionStateInput = {
  startDate: d('2025-01-01'),
  currentPeriodStart: d('2025-07-10'),
  currentPeriodEnd: d('2025-07-17'),
  cancelledAt: null,
  gracePeriodEndsAt: null,
  upcomingState: null,
};

describe('payment status', () => {
  it('classifies as the spec says', () => {
    expect(classifyPaymentStatus('sent')).toBe('successful');
    expect(classifyPaymentStatus('upcoming')).toBe('upcoming');
    expect(classifyPaymentStatus('pending_request')).toBe('pending');
    for (const status of ['failed', 'declined', 'error', 'cancelled', 'refunded', '']) {
      expect(classifyPaymentStatus(status)).toBe('failed');
    }
    expect(isPaymentSuccessful('sent')).toBe(true);
    expect(isPaymentFailed('pending_request')).toBe(false);
  });
});

describe('subscription state and card colour', () => {
  it('is active and green with nothing set', () => {
    expect(subscriptionState(base, now)).toBe('active');
    expect(cardColour(base, now)).toBe('green');
    expect(hasDoorAccess(base, now)).toBe(true);
  });

  it('is paused from the pause start until the first day back: amber, no access', () => {
    const paused = { ...base, pauseStartAt: d('2025-07-15'), pauseEndAt: d('2025-07-20') };
    expect(subscriptionState(paused, now)).toBe('paused');
    expect(cardColour(paused, now)).toBe('amber');
    expect(hasDoorAccess(paused, now)).toBe(false);
    expect(subscriptionState({ ...paused, pauseStartAt: d('2025-07-16') }, now)).toBe('active');
    expect(subscriptionState({ ...paused, pauseEndAt: d('2025-07-15') }, now)).toBe('active');
    expect(subscriptionState({ ...paused, pauseEndAt: null }, now)).toBe('paused');
  });

  it('is in grace while grace_period_ends_at is set: amber, with access', () => {
    const grace = { ...base, gracePeriodEndsAt: d('2025-07-29') };
    expect(subscriptionState(grace, now)).toBe('grace');
    expect(cardColour(grace, now)).toBe('amber');
    expect(hasDoorAccess(grace, now)).toBe(true);
  });

  it('is upcoming with an upcoming state or a future start: amber', () => {
    expect(subscriptionState({ ...base, upcomingState: 'upcoming' }, now)).toBe('upcoming');
    expect(subscriptionState({ ...base, upcomingState: 'failed' }, now)).toBe('upcoming');
    const future = { ...base, startDate: d('2025-07-16') };
    expect(subscriptionState(future, now)).toBe('upcoming');
    expect(cardColour(future, now)).toBe('amber');
    expect(hasDoorAccess(future, now)).toBe(false);
  });

  it('stays green when cancelled inside the paid period, red after the renewal date', () => {
    const cancelled = { ...base, cancelledAt: new Date('2025-07-12T02:00:00Z') };
    expect(subscriptionState(cancelled, now)).toBe('cancelled');
    expect(cardColour(cancelled, now)).toBe('green');
    expect(cardColour(cancelled, startOfDayInstant(d('2025-07-17')))).toBe('red');
    expect(cardColour(cancelled, new Date(startOfDayInstant(d('2025-07-17')).getTime() - 1))).toBe('green');
    expect(hasDoorAccess(cancelled, startOfDayInstant(d('2025-07-17')))).toBe(false);
  });

  it('is red when cancelled in grace or cancelled with an upcoming state', () => {
    expect(cardColour({ ...base, cancelledAt: now, gracePeriodEndsAt: d('2025-07-20') }, now)).toBe('red');
    expect(cardColour({ ...base, cancelledAt: now, upcomingState: 'upcoming' }, now)).toBe('red');
    // Cancellation clears "upcoming" as a state (spec: upcoming requires not cancelled).
    expect(subscriptionFlags({ ...base, cancelledAt: now, upcomingState: 'upcoming' }, now).upcoming).toBe(
      false,
    );
  });

  it('accepts instants as ISO text (JSON) as well as Dates', () => {
    const cancelled = { ...base, cancelledAt: '2025-07-12T02:00:00Z', endsAt: '2025-07-16T12:00:00Z' };
    expect(cardColour(cancelled, now)).toBe('green');
    expect(() => cardColour({ ...base, pauseStartAt: 'soon' }, now)).toThrow(RangeError);
  });

  it('always has exactly one colour and active means green', () => {
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    const sub = fc.record({
      startDate: maybe(calendarDateArb(2024, 2026)),
      currentPeriodStart: maybe(calendarDateArb(2024, 2026)),
      currentPeriodEnd: maybe(calendarDateArb(2024, 2026)),
      pauseStartAt: maybe(calendarDateArb(2024, 2026)),
      pauseEndAt: maybe(calendarDateArb(2024, 2026)),
      cancelledAt: maybe(fc.constant(new Date('2025-01-01T00:00:00Z'))),
      gracePeriodEndsAt: maybe(calendarDateArb(2024, 2026)),
      upcomingState: maybe(fc.constantFrom('upcoming', 'failed')),
    });
    fc.assert(
      fc.property(sub, calendarDateArb(2024, 2026), (s, today: CalendarDate) => {
        const at = startOfDayInstant(today);
        const colour = cardColour(s, at);
        const flags = subscriptionFlags(s, at);
        expect(['green', 'amber', 'red']).toContain(colour);
        if (flags.active) expect(colour).toBe('green');
        if (flags.cancelled && flags.grace) expect(colour).toBe('red');
        if (!flags.cancelled && (flags.paused || flags.grace || flags.upcoming)) expect(colour).toBe('amber');
        if (colour === 'red') expect(flags.cancelled).toBe(true);
        expect(todayInAuckland(at)).toBe(today);
      }),
    );
  });
});

describe('undoing a cancellation', () => {
  it('is allowed until undo_cancellation_until', () => {
    const sub = { ...base, cancelledAt: now, undoCancellationUntil: new Date('2025-07-16T12:00:00Z') };
    expect(canUndoCancellation(sub, now)).toBe(true);
    expect(canUndoCancellation(sub, new Date('2025-07-16T12:00:00Z'))).toBe(false);
    expect(canUndoCancellation({ ...sub, cancelledAt: null }, now)).toBe(false);
    expect(canUndoCancellation({ ...sub, undoCancellationUntil: null }, now)).toBe(false);
  });
});

describe('membership type', () => {
  it('is the initial term until the term ends, then flexi', () => {
    const term = { ...base, isTermMembership: true, termEndsAt: d('2026-01-01') };
    expect(membershipType(term, now)).toEqual({
      kind: 'term',
      label: 'Initial term',
      commitmentDate: '2026-01-01',
    });
    expect(membershipTypeLabel(term, now)).toBe('Initial term until 1 Jan 2026');
    expect(membershipTypeLabel(term, startOfDayInstant(d('2026-01-01')))).toBe('Flexi Membership');
    expect(membershipTypeLabel(base, now)).toBe('Flexi Membership');
    expect(membershipType({ ...term, termEndsAt: addDays(d('2025-07-15'), 0) }, now).kind).toBe('flexi');
  });
});
