import { describe, expect, it } from 'vitest';
import { calendarDate } from './calendar-date';
import { type ChargeFacts, chargeArrears, paymentTasks, scheduledRetryOn } from './payment-tasks';

const d = calendarDate;

const unpaid: ChargeFacts = {
  kind: 'period',
  status: 'unpaid',
  dueDate: d('2026-03-09'),
  total: 2500,
  firstFailedOn: d('2026-03-09'),
  subscriptionCancelled: false,
  retriesMade: 0,
  inFlight: false,
  lastFailureCode: 'INSUFFICIENT_FUNDS',
};

describe('payment tasks', () => {
  it('an upcoming attempt is sent on its charge’s due date; a pending one waits for the provider', () => {
    const charge = { ...unpaid, firstFailedOn: null, lastFailureCode: null };
    expect(paymentTasks({ status: 'upcoming', errorStatus: null, latest: true, charge })).toEqual([
      { kind: 'send', due_on: '2026-03-09' },
    ]);
    expect(paymentTasks({ status: 'pending_request', errorStatus: null, latest: true, charge })).toEqual([
      { kind: 'await_provider', due_on: null },
    ]);
  });

  it('a soft failure is retried on the schedule (1, 3, 5 days after the first failure), then collected', () => {
    const task = (retriesMade: number) =>
      paymentTasks({
        status: 'failed',
        errorStatus: 'INSUFFICIENT_FUNDS',
        latest: true,
        charge: { ...unpaid, retriesMade },
      });
    expect(task(0)).toEqual([{ kind: 'retry', due_on: '2026-03-10' }]);
    expect(task(2)).toEqual([{ kind: 'retry', due_on: '2026-03-14' }]);
    expect(task(3)).toEqual([{ kind: 'collect', due_on: null }]);
  });

  it('a hard failure waits for the member’s new payment method', () => {
    expect(
      paymentTasks({
        status: 'failed',
        errorStatus: 'CARD_LOST_OR_STOLEN',
        latest: true,
        charge: { ...unpaid, lastFailureCode: 'CARD_LOST_OR_STOLEN' },
      }),
    ).toEqual([{ kind: 'update_payment_method', due_on: null }]);
  });

  it('a failed attempt followed by another, at a paid charge, or sent has nothing left to do', () => {
    const failed = { status: 'failed', errorStatus: 'INSUFFICIENT_FUNDS' };
    expect(paymentTasks({ ...failed, latest: false, charge: unpaid })).toEqual([]);
    expect(paymentTasks({ ...failed, latest: true, charge: { ...unpaid, status: 'paid' } })).toEqual([]);
    expect(paymentTasks({ status: 'sent', errorStatus: null, latest: true, charge: null })).toEqual([]);
  });

  it('a cancelled membership’s period charges are not retried, its break fee is', () => {
    expect(scheduledRetryOn({ ...unpaid, subscriptionCancelled: true })).toBeNull();
    expect(scheduledRetryOn({ ...unpaid, subscriptionCancelled: true, kind: 'break_fee' })).toBe(
      '2026-03-10',
    );
    expect(scheduledRetryOn({ ...unpaid, inFlight: true })).toBeNull();
  });
});

describe('what a charge leaves owing', () => {
  it('counts an unpaid charge once an attempt failed, a period as one period owing', () => {
    expect(chargeArrears(unpaid)).toEqual({ balanceOwing: 2500, periodsOwing: 1 });
    expect(chargeArrears({ ...unpaid, kind: 'break_fee' })).toEqual({ balanceOwing: 2500, periodsOwing: 0 });
    expect(chargeArrears({ ...unpaid, firstFailedOn: null })).toEqual({ balanceOwing: 0, periodsOwing: 0 });
    expect(chargeArrears({ ...unpaid, status: 'paid' })).toEqual({ balanceOwing: 0, periodsOwing: 0 });
    expect(chargeArrears(null)).toEqual({ balanceOwing: 0, periodsOwing: 0 });
  });
});
