import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doorDecision } from './check-in';
import { hasDoorAccess, type SubscriptionStateInput } from './subscription-state';

const now = new Date('2026-11-27T01:00:00Z'); // 27 Nov 2026, 2 pm in Auckland
const paid: SubscriptionStateInput = {
  startDate: '2026-11-01',
  currentPeriodStart: '2026-11-20',
  currentPeriodEnd: '2026-12-04',
};

describe('doorDecision', () => {
  it('lets in a paid member, and one in grace', () => {
    expect(doorDecision(paid, now)).toEqual({ allowed: true, reason: null });
    expect(doorDecision({ ...paid, gracePeriodEndsAt: '2026-12-01' }, now).allowed).toBe(true);
  });

  it('lets in a cancelled member until the end of the period they paid for', () => {
    const cancelled = { ...paid, cancelledAt: '2026-11-25T00:00:00Z' };
    expect(doorDecision(cancelled, now).allowed).toBe(true);
    expect(doorDecision({ ...cancelled, currentPeriodEnd: '2026-11-27' }, now)).toEqual({
      allowed: false,
      reason: 'cancelled',
    });
  });

  it('says why the door would refuse', () => {
    expect(doorDecision(null, now)).toEqual({ allowed: false, reason: 'no_membership' });
    expect(doorDecision({ ...paid, pauseStartAt: '2026-11-26' }, now)).toEqual({
      allowed: false,
      reason: 'paused',
    });
    expect(doorDecision({ ...paid, startDate: '2026-12-01' }, now)).toEqual({
      allowed: false,
      reason: 'not_started',
    });
    expect(doorDecision({ ...paid, upcomingState: 'awaiting_payment' }, now).reason).toBe('not_started');
  });

  it('agrees with the door sync for any membership', () => {
    const day = fc
      .integer({ min: 0, max: 90 })
      .map((n) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString().slice(0, 10));
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    fc.assert(
      fc.property(
        fc.record({
          startDate: maybe(day),
          currentPeriodStart: maybe(day),
          currentPeriodEnd: maybe(day),
          pauseStartAt: maybe(day),
          cancelledAt: maybe(day.map((d) => `${d}T03:00:00Z`)),
          gracePeriodEndsAt: maybe(day),
          upcomingState: maybe(fc.constantFrom('', 'awaiting_payment')),
        }),
        (sub) => {
          const decision = doorDecision(sub as SubscriptionStateInput, now);
          expect(decision.allowed).toBe(hasDoorAccess(sub as SubscriptionStateInput, now));
          expect(decision.allowed === (decision.reason === null)).toBe(true);
        },
      ),
    );
  });
});
