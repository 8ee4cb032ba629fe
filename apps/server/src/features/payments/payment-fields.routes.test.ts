// The Payment fields of the specification (section 3) that come from a payment's charge, subscription
// and gym account (issue 25 item 11): tasks, destination_account, is_term_membership,
// cooling_period_ends_at, term_ends_at, balance_owing, periods_owing, force_amount and meta, on every
// answer that carries payments (the payments list, a payment's detail, a member's payments), for a
// 12-month term membership paid by bank into the gym's account and a card member whose card was lost.

import { memberPaymentPage } from '@gym/domain/api/members';
import { paymentDetailAnswer, paymentsAnswer } from '@gym/domain/api/payments';
import { calendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { coolingOffEndDate, termEndDate } from '@gym/domain/term';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { runBillingDay } from '../billing';
import { billingDeps } from '../billing/billing.test-support';
import { bankMember } from '../webhooks/webhooks.test-support';
import { createCharge, createMembership } from './payments.test-support';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let cookie: string;
const ids: Record<string, number> = {};

const at = (iso: string) => new Date(iso);
const START = calendarDate('2026-03-02');
const TERM_ENDS = termEndDate(START, { termAmount: 12, termUnit: 'months' });
const COOLING_ENDS = coolingOffEndDate(START);
const account = { name: 'Ponsonby takings', bankAccountNumber: '12-3140-0171323-50' };

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db);
  const org = tenant.organisation.id;
  const destination = await createDestinationAccount(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    ...account,
  });
  ids.destination = destination.id;
  const mere = await createMember(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    user: { name: 'Mere Tane' },
  });
  const sam = await createMember(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    user: { name: 'Sam Hau' },
  });
  ids.mere = mere.id;
  ids.sam = sam.id;
  const term = await createMembership(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    userId: mere.id,
    subscription: {
      startDate: START,
      anchorDay: 2,
      isTermMembership: true,
      termEndsAt: TERM_ENDS,
      coolingPeriodEndsAt: COOLING_ENDS,
      balanceOwing: 2500,
      periodsOwing: 1,
    },
  });
  const base = {
    organisationId: org,
    gymId: tenant.gymA.id,
    userId: mere.id,
    subscriptionId: term.subscription.id,
  };
  const termPayment = { destinationAccountId: destination.id, isTermMembership: true };
  // The first week with the joining fee, paid; the second failed for want of funds (no retry yet).
  const first = await createCharge(t.db, {
    ...base,
    periodStart: '2026-03-02',
    periodEnd: '2026-03-09',
    amount: 7500,
    payment: { ...termPayment, meta: { joining_fee: 5000, confirm_key: 'internal-key' } },
    attempts: [{ status: 'sent', at: at('2026-03-01T20:00:00Z') }],
  });
  const second = await createCharge(t.db, {
    ...base,
    periodStart: '2026-03-09',
    periodEnd: '2026-03-16',
    amount: 2500,
    payment: termPayment,
    attempts: [{ status: 'failed', at: at('2026-03-08T20:00:00Z'), errorStatus: 'INSUFFICIENT_FUNDS' }],
  });
  // The next week's attempt, made ahead of its due date; and one staff priced by hand at $20.
  const third = await createCharge(t.db, {
    ...base,
    periodStart: '2026-03-16',
    periodEnd: '2026-03-23',
    amount: 2000,
    payment: { ...termPayment, forceAmount: 2000 },
    attempts: [{ status: 'upcoming', at: at('2026-03-13T20:00:00Z') }],
  });
  ids.first = first.payments[0]!.id;
  ids.failed = second.payments[0]!.id;
  ids.upcoming = third.payments[0]!.id;

  // A flexi card member whose card was reported lost: nothing is retried, the member must act.
  const flexi = await createMembership(t.db, { organisationId: org, gymId: tenant.gymA.id, userId: sam.id });
  const card = await createCharge(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    userId: sam.id,
    subscriptionId: flexi.subscription.id,
    periodStart: '2026-03-05',
    amount: 4000,
    surcharge: 120,
    type: 'stripe_card',
    attempts: [{ status: 'failed', at: at('2026-03-04T20:00:00Z'), errorStatus: 'CARD_LOST_OR_STOLEN' }],
  });
  ids.card = card.payments[0]!.id;
  cookie = await signIn(t.app, tenant.admin.email);
}, 180_000);
afterAll(() => t.close());

const termFields = {
  destination_account: { id: 0, name: account.name, bank_account_number: account.bankAccountNumber },
  is_term_membership: true,
  cooling_period_ends_at: '2026-03-16',
  term_ends_at: '2027-03-02',
};

/** What each payment of the set must answer, worked out by hand. */
function expected(): Record<string, Record<string, unknown>> {
  const destination = { ...termFields.destination_account, id: ids.destination };
  const term = { ...termFields, destination_account: destination };
  return {
    first: {
      ...term,
      tasks: [],
      balance_owing: 0,
      formatted_balance_owing: '$0.00',
      periods_owing: 0,
      force_amount: null,
      // The joining fee is answered; the join site's internal confirmation key is not.
      meta: { joining_fee: 5000 },
    },
    failed: {
      ...term,
      // Soft failure on 9 March (Auckland): retried one day after the first failure.
      tasks: [{ kind: 'retry', due_on: '2026-03-10' }],
      balance_owing: 2500,
      formatted_balance_owing: '$25.00',
      periods_owing: 1,
      force_amount: null,
      meta: {},
    },
    upcoming: {
      ...term,
      tasks: [{ kind: 'send', due_on: '2026-03-16' }],
      balance_owing: 0,
      periods_owing: 0,
      force_amount: 2000,
      meta: {},
    },
    card: {
      tasks: [{ kind: 'update_payment_method', due_on: null }],
      destination_account: null,
      is_term_membership: false,
      cooling_period_ends_at: null,
      term_ends_at: null,
      balance_owing: 4120,
      formatted_balance_owing: '$41.20',
      periods_owing: 1,
      force_amount: null,
      meta: {},
    },
  };
}

describe('the Payment fields of section 3 on every payment answer', () => {
  it('GET /api/payments answers each with its charge’s standing (one query for the page)', async () => {
    const res = await t.app.inject(
      pageRequest({ method: 'GET', url: '/api/payments?from=2026-03-01&to=2026-03-31', cookie }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(paymentsAnswer.safeParse(body).success).toBe(true);
    for (const [name, fields] of Object.entries(expected())) {
      const row = body.data.find((p: { id: number }) => p.id === ids[name]);
      expect(row, name).toMatchObject(fields);
    }
  });

  it('GET /api/payments/{id} answers the same for one payment', async () => {
    for (const [name, fields] of Object.entries(expected())) {
      const res = await t.app.inject(
        pageRequest({ method: 'GET', url: `/api/payments/${ids[name]}`, cookie }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(paymentDetailAnswer.safeParse(res.json()).success).toBe(true);
      expect(res.json().data, name).toMatchObject(fields);
    }
  });

  it('GET /api/users/{id}/payments answers them for the member’s own payments', async () => {
    const res = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/users/${ids.mere}/payments`, cookie }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(memberPaymentPage.safeParse(body).success).toBe(true);
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([ids.upcoming, ids.failed, ids.first]);
    const want = expected();
    for (const name of ['first', 'failed', 'upcoming'])
      expect(
        body.data.find((p: { id: number }) => p.id === ids[name]),
        name,
      ).toMatchObject(want[name]!);
  });
});

describe('force_amount as the billing run writes it', () => {
  it('records the staff override that priced the charge on the engine’s attempt', async () => {
    const today = todayInAuckland(t.clock.now());
    const bank = await bankMember(t, tenant);
    const { subscription } = await createMembership(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      userId: bank.member.id,
      amount: 2500,
      subscription: {
        paymentTypeId: bank.paymentTypeId,
        startDate: today,
        anchorDay: Number(today.slice(8)),
        forcePriceAmount: 1800,
      },
    });
    await runBillingDay(billingDeps(t), today);
    const res = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/payments?user_id=${bank.member.id}`, cookie }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = res.json().data;
    expect(payment).toMatchObject({
      subscription_id: subscription.id,
      amount: 1800,
      force_amount: 1800,
      is_term_membership: false,
      term_ends_at: null,
      // Paid into the gym's account, by the engine's own attempt.
      destination_account: { id: ids.destination, name: account.name },
    });
    expect(['pending_request', 'sent']).toContain(payment.status);
    expect(payment.tasks).toEqual(
      payment.status === 'sent' ? [] : [{ kind: 'await_provider', due_on: null }],
    );
  });
});
