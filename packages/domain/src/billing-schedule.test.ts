import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECURRING_FREQUENCIES } from './billing-frequency';
import {
  anchorDayFor,
  arrears,
  billingDateChangeProblem,
  billingDateLock,
  billingDateProblem,
  duePeriods,
  firstBillingDate,
  graceEndsAfter,
  nextDueDate,
  plannedCharges,
  type ScheduleInput,
} from './billing-schedule';
import { addDays, type CalendarDate, calendarDate, calendarDateParts, daysBetween } from './calendar-date';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;
const monthly = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  frequency: 'monthly',
  anchorDay: 31,
  startDate: d('2028-01-31'),
  currentPeriodStart: null,
  currentPeriodEnd: null,
  endsAt: null,
  termEndsAt: null,
  ...over,
});

describe('what falls due', () => {
  it('the first charge falls on the start date, then each period from the anchor, kept through February', () => {
    const due = duePeriods(monthly(), d('2028-04-30'));
    expect(due.map((p) => [p.start, p.end])).toEqual([
      ['2028-01-31', '2028-02-29'],
      ['2028-02-29', '2028-03-31'],
      ['2028-03-31', '2028-04-30'],
      ['2028-04-30', '2028-05-31'],
    ]);
  });

  it('nothing before the start, nothing on or after a cancellation ends, one charge for a one-off', () => {
    expect(duePeriods(monthly(), d('2028-01-30'))).toEqual([]);
    const cancelled = monthly({
      currentPeriodStart: d('2028-01-31'),
      currentPeriodEnd: d('2028-02-29'),
      endsAt: d('2028-02-29'),
    });
    expect(nextDueDate(cancelled)).toBeNull();
    expect(duePeriods(cancelled, d('2029-01-01'))).toEqual([]);
    const oneOff = monthly({ frequency: 'one_off', termEndsAt: d('2028-07-31') });
    expect(duePeriods(oneOff, d('2030-01-01'))).toEqual([{ start: '2028-01-31', end: '2028-07-31' }]);
    expect(
      duePeriods(
        { ...oneOff, currentPeriodStart: d('2028-01-31'), currentPeriodEnd: d('2028-07-31') },
        d('2030-01-01'),
      ),
    ).toEqual([]);
  });

  it('property: periods are contiguous, start on or before today, and the next one is after today', () => {
    fc.assert(
      fc.property(
        calendarDateArb(2020, 2035),
        fc.integer({ min: 0, max: 800 }),
        fc.constantFrom(...RECURRING_FREQUENCIES),
        (start, span, frequency) => {
          const input: ScheduleInput = {
            ...monthly(),
            frequency,
            startDate: start,
            anchorDay: calendarDateParts(start).day,
          };
          const today = addDays(start, span);
          const due = duePeriods(input, today);
          expect(due[0]?.start).toBe(start);
          for (let i = 1; i < due.length; i += 1) expect(due[i]!.start).toBe(due[i - 1]!.end);
          expect(due.every((p) => p.start <= today)).toBe(true);
          expect(due.at(-1)!.end! > today).toBe(true);
          // Caught up in one go or day by day, the same periods.
          let state = input;
          const stepwise = [];
          for (let day = start; day <= today; day = addDays(day, 1)) {
            for (const p of duePeriods(state, day)) {
              stepwise.push(p);
              state = { ...state, currentPeriodStart: p.start, currentPeriodEnd: p.end };
            }
          }
          expect(stepwise).toEqual(due);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('arrears and grace', () => {
  const grace = { period: 14, unit: 'days' as const };

  it('owes only unpaid charges that have failed; periods count only period charges', () => {
    expect(
      arrears([
        { kind: 'period', status: 'unpaid', total: 2500, failed: true },
        { kind: 'period', status: 'unpaid', total: 2500, failed: false },
        { kind: 'period', status: 'paid', total: 2500, failed: true },
        { kind: 'break_fee', status: 'unpaid', total: 9000, failed: true },
        { kind: 'period', status: 'written_off', total: 2500, failed: true },
      ]),
    ).toEqual({ balanceOwing: 11500, periodsOwing: 1 });
  });

  it('grace starts at the first unpaid failure, is kept by later failures, and clears when nothing is owed', () => {
    const started = graceEndsAfter({
      current: null,
      balanceOwing: 2500,
      firstUnpaidFailure: d('2028-02-20'),
      grace,
    });
    expect(started).toBe('2028-03-05');
    expect(
      graceEndsAfter({ current: started, balanceOwing: 5000, firstUnpaidFailure: d('2028-02-20'), grace }),
    ).toBe(started);
    expect(graceEndsAfter({ current: started, balanceOwing: 0, firstUnpaidFailure: null, grace })).toBeNull();
  });

  it('property: grace always ends the grace period after the first unpaid failure, in calendar days', () => {
    fc.assert(
      fc.property(calendarDateArb(2020, 2040), fc.integer({ min: 0, max: 365 }), (failed, days) => {
        const ends = graceEndsAfter({
          current: null,
          balanceOwing: 1,
          firstUnpaidFailure: failed,
          grace: { period: days, unit: 'days' },
        });
        expect(daysBetween(failed, ends!)).toBe(days);
      }),
    );
  });
});

describe('plannedCharges', () => {
  const weekly: ScheduleInput = {
    frequency: 'weekly',
    anchorDay: 2,
    startDate: '2026-03-02' as CalendarDate,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    endsAt: null,
    termEndsAt: null,
  };
  const pricing = {
    priceAmount: 2500,
    forcePriceAmount: null,
    transition: null,
    paymentType: 'bank_account',
    cardSurchargeBasisPoints: 0,
    joiningFee: 4900,
  };

  it('adds the joining fee to the first charge only, and fixes each amount', () => {
    const planned = plannedCharges(weekly, pricing, '2026-03-16' as CalendarDate);
    expect(planned.map((p) => [p.period.start, p.amount, p.joiningFee])).toEqual([
      ['2026-03-02', 7400, 4900],
      ['2026-03-09', 2500, 0],
      ['2026-03-16', 2500, 0],
    ]);
  });

  it('takes a scheduled price change from its date on, once, and lets an older override lapse', () => {
    const planned = plannedCharges(
      {
        ...weekly,
        currentPeriodStart: '2026-02-23' as CalendarDate,
        currentPeriodEnd: '2026-03-02' as CalendarDate,
      },
      {
        ...pricing,
        forcePriceAmount: 2000,
        transition: { amount: 2900, takesEffectAt: '2026-03-09' as CalendarDate, priceId: 7 },
      },
      '2026-03-23' as CalendarDate,
    );
    expect(planned.map((p) => [p.period.start, p.amount, p.priceChangeTo])).toEqual([
      ['2026-03-02', 2000, null],
      ['2026-03-09', 2900, 7],
      ['2026-03-16', 2900, null],
      ['2026-03-23', 2900, null],
    ]);
  });

  it('adds the card surcharge beside the amount', () => {
    const [first] = plannedCharges(
      weekly,
      { ...pricing, joiningFee: 0, paymentType: 'stripe_card', cardSurchargeBasisPoints: 250 },
      '2026-03-02' as CalendarDate,
    );
    expect(first).toMatchObject({ amount: 2500, surcharge: 63 });
  });

  it('surcharges a card on the joining fee too, rounded once', () => {
    const [first, second] = plannedCharges(
      weekly,
      { ...pricing, paymentType: 'stripe_card', cardSurchargeBasisPoints: 250 },
      '2026-03-09' as CalendarDate,
    );
    expect(first).toMatchObject({ amount: 7400, surcharge: 185, joiningFee: 4900 });
    expect(second).toMatchObject({ amount: 2500, surcharge: 63, joiningFee: 0 });
  });

  it('plans exactly the periods duePeriods gives, for any start and day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 120 }), (offset, span) => {
        const startDate = addDays('2025-01-01' as CalendarDate, offset);
        const input = { ...weekly, startDate, anchorDay: Number(startDate.slice(8)) };
        const until = addDays(startDate, span);
        expect(plannedCharges(input, pricing, until).map((p) => p.period)).toEqual(duePeriods(input, until));
      }),
    );
  });
});

describe('a member with a fixed billing date', () => {
  const pricing = {
    priceAmount: 6000,
    forcePriceAmount: null,
    transition: null,
    paymentType: 'bank_account',
    cardSurchargeBasisPoints: 0,
    joiningFee: 0,
  };
  const joining = monthly({ anchorDay: 15, startDate: d('2025-04-05'), billingDate: d('2025-04-15') });

  it('charges the days from the start to the billing date pro-rata first, then full periods from it', () => {
    const planned = plannedCharges(joining, pricing, d('2025-06-15'));
    expect(planned.map((p) => [p.period.start, p.period.end, p.amount, p.proRata])).toEqual([
      // $60.00 × 10 of 31 days (the period 15 Mar to 15 Apr): 6000 × 10 ÷ 31 = 1935.48…
      ['2025-04-05', '2025-04-15', 1935, true],
      ['2025-04-15', '2025-05-15', 6000, false],
      ['2025-05-15', '2025-06-15', 6000, false],
      ['2025-06-15', '2025-07-15', 6000, false],
    ]);
  });

  it('adds the joining fee and the card surcharge to the pro-rata amount, rounded once', () => {
    const [first] = plannedCharges(
      joining,
      { ...pricing, joiningFee: 1000, paymentType: 'stripe_card', cardSurchargeBasisPoints: 250 },
      d('2025-04-05'),
    );
    expect(first).toMatchObject({ amount: 2935, joiningFee: 1000, surcharge: 73, proRata: true });
  });

  it('is the full first period without one, on the start date itself, past, too far, or once charged', () => {
    expect(
      firstBillingDate({ frequency: 'monthly', startDate: d('2025-04-05'), billingDate: null }),
    ).toBeNull();
    for (const billingDate of ['2025-04-05', '2025-04-01', '2025-05-06'].map(d)) {
      expect(firstBillingDate({ frequency: 'monthly', startDate: d('2025-04-05'), billingDate })).toBeNull();
      const [first] = plannedCharges({ ...joining, billingDate }, pricing, d('2025-04-05'));
      expect(first).toMatchObject({ amount: 6000, proRata: false, period: { end: '2025-05-15' } });
    }
    expect(
      firstBillingDate({ frequency: 'one_off', startDate: d('2025-04-05'), billingDate: d('2025-04-15') }),
    ).toBeNull();
    const charged = plannedCharges(
      { ...joining, currentPeriodStart: d('2025-04-05'), currentPeriodEnd: d('2025-04-15') },
      pricing,
      d('2025-04-15'),
    );
    expect(charged.map((p) => [p.period.start, p.amount, p.proRata])).toEqual([['2025-04-15', 6000, false]]);
  });

  it('says what is wrong with a billing date staff or the calculator are given', () => {
    const start = d('2025-04-05');
    const problem = (billingDate: string | null, frequency: 'monthly' | 'weekly' = 'monthly') =>
      billingDateProblem({
        frequency,
        startDate: start,
        billingDate: billingDate === null ? null : d(billingDate),
      });
    expect(problem(null)).toBeNull();
    expect(problem('2025-04-05')).toBeNull();
    expect(problem('2025-05-05')).toBeNull();
    expect(problem('2025-04-04')).toBe('before_start');
    expect(problem('2025-05-06')).toBe('too_far');
    expect(problem('2025-04-12', 'weekly')).toBeNull();
    expect(problem('2025-04-13', 'weekly')).toBe('too_far');
    // Every date it accepts after the start is the one the first period runs to.
    for (const billingDate of ['2025-04-06', '2025-04-20', '2025-05-05'].map(d))
      expect(firstBillingDate({ frequency: 'monthly', startDate: start, billingDate })).toBe(billingDate);
  });

  it('lets staff change a billing date only before the first charge, by the rule adding a member keeps', () => {
    const today = d('2025-04-03');
    const staged = {
      frequency: 'monthly' as const,
      startDate: d('2025-04-05'),
      isStaging: true,
      firstChargeMade: false,
    };
    const change = (billingDate: string | null, membership: typeof staged | null = staged) =>
      billingDateChangeProblem({
        membership,
        billingDate: billingDate === null ? null : d(billingDate),
        today,
      });
    expect(change('2025-04-20')).toBeNull();
    expect(change(null)).toBeNull();
    expect(change('2025-04-04')).toBe('before_start');
    expect(change('2025-05-06')).toBe('too_far');
    expect(change('2025-04-02')).toBe('in_past');
    // Waiting for the member to confirm, its start date passed: it starts the day they confirm (today).
    const late = { ...staged, startDate: d('2025-03-20') };
    expect(change('2025-04-03', late)).toBeNull();
    expect(change('2025-05-04', late)).toBe('too_far');
    expect(change('2025-04-01', late)).toBe('in_past');
    // Confirmed and upcoming, not yet charged: its own start date.
    expect(change('2025-05-05', { ...staged, isStaging: false })).toBeNull();
    // Its first charge made, or no membership: nothing for the date to shape, set or cleared.
    const running = { ...staged, firstChargeMade: true };
    expect(change('2025-04-20', running)).toBe('billing_running');
    expect(change(null, running)).toBe('billing_running');
    expect(change('2025-04-20', null)).toBe('no_membership');
    expect(billingDateLock(staged)).toBeNull();
    expect(billingDateLock(running)).toBe('billing_running');
    expect(billingDateLock(null)).toBe('no_membership');
  });

  it('agrees with the pro-rata rule for any weekly start and billing date inside a week', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 7 }), (offset, days) => {
        const startDate = addDays(d('2025-01-01'), offset);
        const billingDate = addDays(startDate, days);
        const input: ScheduleInput = {
          frequency: 'weekly',
          anchorDay: calendarDateParts(billingDate).day,
          startDate,
          currentPeriodStart: null,
          currentPeriodEnd: null,
          endsAt: null,
          termEndsAt: null,
          billingDate,
        };
        const [first, second] = plannedCharges(input, { ...pricing, priceAmount: 2500 }, billingDate);
        expect(first!.period).toEqual({ start: startDate, end: billingDate });
        expect(first!.amount).toBe(days === 7 ? 2500 : Math.round((2500 * days) / 7));
        expect(second!.period.start).toBe(billingDate);
        expect(daysBetween(second!.period.start, second!.period.end!)).toBe(7);
      }),
    );
  });
});

describe('anchorDayFor', () => {
  it('keeps the start date’s day, or the fixed billing date’s when the first charge runs pro-rata to it', () => {
    expect(anchorDayFor({ startDate: calendarDate('2026-01-31') })).toBe(31);
    expect(
      anchorDayFor({
        startDate: calendarDate('2026-03-10'),
        frequency: 'monthly',
        billingDate: calendarDate('2026-03-20'),
      }),
    ).toBe(20);
    // A billing date that is the start date itself, or a one-off price: the start's day.
    expect(
      anchorDayFor({
        startDate: calendarDate('2026-03-10'),
        frequency: 'one_off',
        billingDate: calendarDate('2026-03-20'),
      }),
    ).toBe(10);
  });
});
