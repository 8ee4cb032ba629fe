// GET /api/payments, POST /api/payments/export, GET /api/payments/{id} and POST /api/payments/{id}/retry
// on a real database: every filter alone and combined against a small fixed set of payments, totals for
// the filter, the bookkeeper's CSV, field messages for bad input, roles and another organisation's 404.
import { paymentDetailAnswer, paymentsAnswer } from '@gym/domain/api/payments';
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, payments } from '../../db/schema/index';
import { createMember, createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { bankMember } from '../webhooks/webhooks.test-support';
import { createCharge, createMembership } from './payments.test-support';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db);
  other = await createTenant(t.db);
  const org = tenant.organisation.id;
  const ana = await createMember(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    user: { name: 'Ana Tui' },
  });
  const ben = await createMember(t.db, {
    organisationId: org,
    gymId: tenant.gymB.id,
    user: { name: 'Ben Rua' },
  });
  ids.ana = ana.id;
  ids.ben = ben.id;
  const anaSub = await createMembership(t.db, { organisationId: org, gymId: tenant.gymA.id, userId: ana.id });
  const benSub = await createMembership(t.db, { organisationId: org, gymId: tenant.gymB.id, userId: ben.id });
  const base = {
    organisationId: org,
    gymId: tenant.gymA.id,
    userId: ana.id,
    subscriptionId: anaSub.subscription.id,
  };
  // 2 Mar 2026 (Auckland) paid; 9 Mar failed, retried and paid on 10 Mar.
  const first = await createCharge(t.db, {
    ...base,
    periodStart: '2026-03-02',
    amount: 2500,
    attempts: [{ status: 'sent', at: at('2026-03-02T00:00:00Z') }],
  });
  const second = await createCharge(t.db, {
    ...base,
    periodStart: '2026-03-09',
    amount: 2500,
    attempts: [
      {
        status: 'failed',
        at: at('2026-03-09T00:00:00Z'),
        errorStatus: 'INSUFFICIENT_FUNDS',
        errorDescription: 'Not enough money',
      },
      { status: 'sent', at: at('2026-03-10T00:00:00Z') },
    ],
  });
  const benBase = {
    organisationId: org,
    gymId: tenant.gymB.id,
    userId: ben.id,
    subscriptionId: benSub.subscription.id,
  };
  const card = await createCharge(t.db, {
    ...benBase,
    periodStart: '2026-03-05',
    amount: 4000,
    surcharge: 120,
    type: 'stripe_card',
    attempts: [
      {
        status: 'failed',
        at: at('2026-03-05T00:00:00Z'),
        errorStatus: 'CARD_LOST_OR_STOLEN',
        errorDescription: 'lost_card',
      },
    ],
  });
  const proRata = await createCharge(t.db, {
    ...benBase,
    periodStart: '2026-03-01',
    amount: 1000,
    isProRata: true,
    attempts: [{ status: 'sent', at: at('2026-03-01T00:00:00Z') }],
  });
  // A cash payment staff recorded by hand (no charge), on 12 Mar.
  const [cash] = await t.db
    .insert(payments)
    .values({
      organisationId: org,
      gymId: tenant.gymA.id,
      userId: ana.id,
      type: 'cash',
      amount: 1500,
      status: 'sent',
      idempotencyKey: `manual-${ana.id}-cash`,
      processedBy: tenant.admin.id,
      createdAt: at('2026-03-12T00:00:00Z'),
    })
    .returning();
  ids.first = first.payments[0]!.id;
  ids.failedBank = second.payments[0]!.id;
  ids.retried = second.payments[1]!.id;
  ids.card = card.payments[0]!.id;
  ids.proRata = proRata.payments[0]!.id;
  ids.cash = cash!.id;
  // Another organisation's payment, which no filter may show.
  const stranger = await createMembership(t.db, {
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
    userId: other.member.id,
  });
  const theirs = await createCharge(t.db, {
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
    userId: other.member.id,
    subscriptionId: stranger.subscription.id,
    periodStart: '2026-03-03',
    amount: 9900,
    attempts: [{ status: 'failed', at: at('2026-03-03T00:00:00Z'), errorStatus: 'BANK_ERROR' }],
  });
  ids.theirs = theirs.payments[0]!.id;
  for (const [role, email] of [
    ['admin', tenant.admin.email],
    ['gymAdmin', tenant.gymAdmin.email],
    ['trainer', tenant.trainer.email],
    ['member', tenant.member.email],
    ['otherAdmin', other.admin.email],
  ] as const)
    cookies[role] = await signIn(t.app, email);
}, 180_000);
afterAll(() => t.close());

/** The fixed payments' month: the list asks for it unless the query names a date itself. */
const MARCH = 'from=2026-03-01&to=2026-03-31';
const MARCH_BODY = { from: '2026-03-01', to: '2026-03-31' };
const list = (query: string, cookie = cookies.admin) => {
  const dated = /(^|&)(from|to)=/.test(query) ? query : [MARCH, query].filter(Boolean).join('&');
  return t.app.inject(pageRequest({ method: 'GET', url: `/api/payments?${dated}`, cookie }));
};
const idsOf = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);

describe('GET /api/payments', () => {
  it('lists every payment of the organisation newest first, with totals worked out by hand', async () => {
    const res = await list('');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(paymentsAnswer.safeParse(body).success).toBe(true);
    expect(idsOf(body)).toEqual([ids.cash, ids.retried, ids.failedBank, ids.card, ids.first, ids.proRata]);
    expect(body.meta).toMatchObject({
      total: 6,
      current_page: 1,
      last_page: 1,
      range: { from: '2026-03-01', to: '2026-03-31' },
    });
    // 1500 + 2500 + 2500 + 4120 + 2500 + 1000; sent: 1500 + 2500 + 2500 + 1000; failed: 2500 + 4120.
    expect(body.meta.totals).toEqual({
      count: 6,
      total: 14120,
      successful: 7500,
      pending: 0,
      upcoming: 0,
      failed: 6620,
      successful_count: 4,
      failed_count: 2,
    });
    expect(body.data.find((p: { id: number }) => p.id === ids.card)).toMatchObject({
      formatted_total: '$41.20',
      status_group: 'failed',
      error_status: 'CARD_LOST_OR_STOLEN',
      user: { id: ids.ben, name: 'Ben Rua' },
      gym: { id: tenant.gymB.id },
    });
  });

  it('narrows by each filter, and by several at once', async () => {
    const cases: [string, number[], number][] = [
      ['status=failed', [ids.failedBank!, ids.card!], 6620],
      ['status=successful', [ids.cash!, ids.retried!, ids.first!, ids.proRata!], 7500],
      ['status=pending', [], 0],
      [`gym_id=${tenant.gymB.id}`, [ids.card!, ids.proRata!], 5120],
      ['type=stripe_card', [ids.card!], 4120],
      ['type=cash', [ids.cash!], 1500],
      ['is_retry=true', [ids.retried!], 2500],
      ['is_retry=false', [ids.cash!, ids.failedBank!, ids.card!, ids.first!, ids.proRata!], 11620],
      ['is_pro_rata=true', [ids.proRata!], 1000],
      [`user_id=${ids.ben}`, [ids.card!, ids.proRata!], 5120],
      ['from=2026-03-05&to=2026-03-09', [ids.failedBank!, ids.card!], 6620],
      ['from=2026-03-10', [ids.cash!, ids.retried!], 4000],
      ['to=2026-03-01', [ids.proRata!], 1000],
      [`status=successful&gym_id=${tenant.gymA.id}&from=2026-03-03`, [ids.cash!, ids.retried!], 4000],
      [`status=failed&user_id=${ids.ana}&is_retry=false`, [ids.failedBank!], 2500],
    ];
    for (const [query, expected, total] of cases) {
      const res = await list(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(idsOf(res.json()), query).toEqual(expected);
      expect(res.json().meta.totals.total, query).toBe(total);
      expect(res.json().meta.total, query).toBe(expected.length);
    }
  });

  it('pages, keeping the totals of the whole filter', async () => {
    const res = await list('per_page=4&page=2');
    expect(idsOf(res.json())).toEqual([ids.first, ids.proRata]);
    expect(res.json().meta).toMatchObject({ current_page: 2, per_page: 4, total: 6, last_page: 2 });
    expect(res.json().meta.totals.count).toBe(6);
  });

  it('refuses bad filters with field messages', async () => {
    const cases: [string, string][] = [
      ['status=bounced', 'status'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['from=2025-01-01&to=2026-06-01', 'to'],
      ['gym_id=abc', 'gym_id'],
      ['gym_id=0', 'gym_id'],
      ['type=cheque', 'type'],
      ['is_retry=maybe', 'is_retry'],
      ['is_pro_rata=1', 'is_pro_rata'],
      ['user_id=-4', 'user_id'],
      ['per_page=1000', 'per_page'],
      ['page=0', 'page'],
      // Pages reach 10,000 rows deep: 25 a page, page 400 is the last.
      ['page=401', 'page'],
      ['per_page=100&page=101', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('reaches 10,000 rows deep: the last page it offers, and that page itself', async () => {
    const res = await list('per_page=25&page=400');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.json().meta).toMatchObject({ current_page: 400, last_page: 1, total: 6 });
  });

  it('covers the last 30 days to the app’s today without dates, and one end alone fixes the other', async () => {
    // In the other organisation (whose fixed payment is in March): a payment today, one 31 days ago.
    const today = todayInAuckland(t.clock.now());
    const now = t.clock.now();
    const member = { organisationId: other.organisation.id, gymId: other.gymA.id, userId: other.member.id };
    const [recent, old] = await t.db
      .insert(payments)
      .values([
        {
          ...member,
          type: 'bank_account',
          amount: 3000,
          status: 'pending_request',
          idempotencyKey: `recent-${now.getTime()}`,
          createdAt: now,
        },
        {
          ...member,
          type: 'bank_account',
          amount: 7000,
          status: 'sent',
          idempotencyKey: `old-${now.getTime()}`,
          createdAt: new Date(now.getTime() - 31 * DAY),
        },
      ])
      .returning();
    const undated = (query = '') =>
      t.app.inject(pageRequest({ method: 'GET', url: `/api/payments?${query}`, cookie: cookies.otherAdmin }));
    const res = await undated();
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res.json())).toEqual([recent!.id]);
    expect(res.json().meta.range).toEqual({ from: addDays(today, -29), to: today });
    expect(res.json().meta.totals).toMatchObject({ count: 1, total: 3000, pending: 3000, successful: 0 });

    // The daily totals follow a payment's changes (kept by triggers): its status, its amount, its removal.
    await t.db.update(payments).set({ status: 'sent', amount: 3300 }).where(eq(payments.id, recent!.id));
    expect((await undated()).json().meta.totals).toMatchObject({
      count: 1,
      total: 3300,
      pending: 0,
      successful: 3300,
      successful_count: 1,
    });
    await t.db.update(payments).set({ pollCount: 3 }).where(eq(payments.id, recent!.id));
    expect((await undated()).json().meta.totals).toMatchObject({ count: 1, total: 3300 });

    // A start alone runs to today (at most 366 days); an end alone starts 30 days before it.
    const fromOnly = await undated(`from=${addDays(today, -40)}`);
    expect(idsOf(fromOnly.json())).toEqual([recent!.id, old!.id]);
    expect(fromOnly.json().meta.range).toEqual({ from: addDays(today, -40), to: today });
    expect(fromOnly.json().meta.totals.total).toBe(10_300);
    const toOnly = await undated(`to=${addDays(today, -20)}`);
    expect(idsOf(toOnly.json())).toEqual([old!.id]);
    expect(toOnly.json().meta.range).toEqual({ from: addDays(today, -49), to: addDays(today, -20) });
    // The export covers the same days as the list.
    const csv = await t.app.inject(
      pageRequest({ method: 'POST', url: '/api/payments/export', payload: {}, cookie: cookies.otherAdmin }),
    );
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((line) => line.split(',')[0]),
    ).toEqual(['Payment ID', String(recent!.id)]);

    await t.db.delete(payments).where(eq(payments.id, recent!.id));
    expect((await undated()).json().meta.totals).toMatchObject({ count: 0, total: 0 });
    await t.db.delete(payments).where(eq(payments.id, old!.id));
  });

  it('shows gym admins their gyms only, and refuses trainers, members and other gyms', async () => {
    const mine = await list('', cookies.gymAdmin);
    expect(mine.statusCode).toBe(200);
    expect(idsOf(mine.json())).toEqual([ids.cash, ids.retried, ids.failedBank, ids.first]);
    expect((await list(`gym_id=${tenant.gymB.id}`, cookies.gymAdmin)).statusCode).toBe(403);
    expect((await list('', cookies.trainer)).statusCode).toBe(403);
    expect((await list('', cookies.member)).statusCode).toBe(403);
    expect((await list(`gym_id=${other.gymA.id}`)).statusCode).toBe(404);
    const theirs = await list('', cookies.otherAdmin);
    expect(idsOf(theirs.json())).toEqual([ids.theirs]);
    expect(theirs.body).not.toContain('Ana Tui');
  });
});

describe('POST /api/payments/export', () => {
  const exportCsv = (body: unknown, cookie = cookies.admin) =>
    t.app.inject(
      pageRequest({ method: 'POST', url: '/api/payments/export', payload: body as object, cookie }),
    );

  it('streams the filtered payments as CSV in the bookkeeper’s columns', async () => {
    const res = await exportCsv({ ...MARCH_BODY, gym_id: tenant.gymB.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="payments-.*\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Payment ID,Date,Time,Member,Member email,Gym,Payment type,Status,Amount (NZD),Surcharge (NZD),Total (NZD),Period start,Period end,Retry,Pro rata,Bank reference,Akahu payment ID,Stripe payment ID,Error status,Error description,Processed by',
    );
    expect(lines).toHaveLength(3);
    const card = lines[1]!.split(',');
    expect(card.slice(0, 3)).toEqual([String(ids.card), '05/03/2026', '1:00 pm']);
    expect(card.slice(6, 11)).toEqual(['Card', 'Failed', '40.00', '1.20', '41.20']);
    expect(card.slice(18, 20)).toEqual(['CARD_LOST_OR_STOLEN', 'lost_card']);
    const proRata = lines[2]!.split(',');
    expect(proRata.slice(13, 16)).toEqual(['No', 'Yes', `M${ids.ben}`]);
  });

  it('combines filters as the list does, names who recorded a manual payment, and pages through big sets', async () => {
    const res = await exportCsv({ ...MARCH_BODY, status: 'successful', type: 'cash', is_retry: false });
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${ids.cash},12/03/2026`);
    expect(lines[1]!.endsWith(tenant.admin.name)).toBe(true);
    const all = await exportCsv(MARCH_BODY);
    expect(all.body.trim().split('\r\n')).toHaveLength(7);
  });

  it('refuses bad filters, trainers and another organisation’s gym', async () => {
    const bad = await exportCsv({ status: 'bounced', from: '2026-13-01', is_retry: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'is_retry', 'status']);
    expect((await exportCsv({}, cookies.trainer)).statusCode).toBe(403);
    expect((await exportCsv({ gym_id: other.gymA.id })).statusCode).toBe(404);
    expect((await exportCsv({ gym_id: tenant.gymB.id }, cookies.gymAdmin)).statusCode).toBe(403);
  });
});

describe('GET /api/payments/{id}', () => {
  const detail = (id: number, cookie = cookies.admin) =>
    t.app.inject(pageRequest({ method: 'GET', url: `/api/payments/${id}`, cookie }));

  it('shows the charge, every attempt and the failure in plain words', async () => {
    const res = await detail(ids.failedBank!);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(paymentDetailAnswer.safeParse(body).success).toBe(true);
    expect(body.data).toMatchObject({
      id: ids.failedBank,
      error_status: 'INSUFFICIENT_FUNDS',
      error_explanation: expect.stringContaining('not enough money'),
      charge: { period_start: '2026-03-09', status: 'paid', next_retry_on: null },
      retry: { allowed: false },
    });
    expect(body.data.attempts.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [ids.failedBank, 'failed'],
      [ids.retried, 'sent'],
    ]);
    const card = (await detail(ids.card!)).json().data;
    expect(card.error_explanation).toMatch(/lost or stolen/);
    expect(card.retry).toEqual({ allowed: true, reason: null });
    expect(card.charge.next_retry_on).toBeNull();
    const cash = (await detail(ids.cash!)).json().data;
    expect(cash).toMatchObject({
      charge: null,
      processed_by: { id: tenant.admin.id, name: tenant.admin.name },
    });
    expect(cash.retry.allowed).toBe(false);
  });

  it('answers 404 for another organisation’s payment and 403 outside the gyms one administers', async () => {
    await expectIsolated(t.app, cookies.otherAdmin!, [
      {
        name: 'detail',
        request: { method: 'GET', url: `/api/payments/${ids.card}` },
        refusedWith: [404],
        mustNotContain: ['Ben Rua'],
      },
      {
        name: 'retry',
        request: { method: 'POST', url: `/api/payments/${ids.card}/retry`, payload: {} },
        refusedWith: [404],
      },
    ]);
    expect((await detail(ids.card!, cookies.gymAdmin)).statusCode).toBe(403);
    expect((await detail(ids.first!, cookies.gymAdmin)).statusCode).toBe(200);
    expect((await detail(ids.first!, cookies.trainer)).statusCode).toBe(403);
    expect((await detail(999_999_999)).statusCode).toBe(404);
    expect((await detail(0)).statusCode).toBe(422);
  });
});

describe('POST /api/payments/{id}/retry', () => {
  const retry = (id: number, cookie = cookies.admin) =>
    t.app.inject(pageRequest({ method: 'POST', url: `/api/payments/${id}/retry`, payload: {}, cookie }));

  it('makes one new attempt through the engine however often it is asked, and logs who asked', async () => {
    await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
    const bank = await bankMember(t, tenant);
    const membership = await createMembership(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      userId: bank.member.id,
      subscription: { paymentTypeId: bank.paymentTypeId },
    });
    const { payments: attempts } = await createCharge(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      userId: bank.member.id,
      subscriptionId: membership.subscription.id,
      paymentTypeId: bank.paymentTypeId,
      periodStart: '2026-03-16',
      amount: 3300,
      attempts: [
        {
          status: 'failed',
          at: at('2026-03-16T00:00:00Z'),
          errorStatus: 'BANK_ERROR',
          errorDescription: 'Bank offline',
        },
      ],
    });
    const failed = attempts[0]!.id;
    expect((await retry(failed, cookies.trainer)).statusCode).toBe(403);

    const [one, two] = await Promise.all([retry(failed), retry(failed, cookies.gymAdmin)]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const answers = [one.json().data, two.json().data];
    expect(answers.map((a) => a.created).sort()).toEqual([false, true]);
    expect(answers[0].retry_payment_id).toBe(answers[1].retry_payment_id);
    const made = await t.db.select().from(payments).where(eq(payments.chargeId, attempts[0]!.chargeId!));
    expect(made).toHaveLength(2);
    const fresh = made.find((p) => p.id !== failed)!;
    expect(fresh).toMatchObject({
      isRetry: true,
      attempt: 2,
      amount: 3300,
      idempotencyKey: `charge-${attempts[0]!.chargeId}-attempt-2`,
    });
    // Sent to the bank: it waits for the bank's answer (or has it already).
    expect(['pending_request', 'sent']).toContain(fresh.status);
    expect(fresh.akahuId).not.toBeNull();
    const detail = answers[0].detail;
    expect(detail.attempts).toHaveLength(2);
    expect(detail.id).toBe(fresh.id);

    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'payment.retried_by_staff'), eq(activityLog.subjectId, fresh.id)));
    expect(logged).toHaveLength(1);
    expect([tenant.admin.id, tenant.gymAdmin.id]).toContain(logged[0]!.actorUserId);

    // The new attempt is in flight: it cannot be retried itself.
    const inFlight = await retry(fresh.id);
    expect(inFlight.statusCode).toBe(409);
  });

  it('refuses a payment that succeeded, a manual one, and gyms one does not administer', async () => {
    expect((await retry(ids.first!)).statusCode).toBe(409);
    expect((await retry(ids.cash!)).statusCode).toBe(409);
    expect((await retry(ids.card!, cookies.gymAdmin)).statusCode).toBe(403);
    // The failed bank attempt already has its retry (sent): asking again answers with it, makes nothing.
    const again = await retry(ids.failedBank!);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ created: false, retry_payment_id: ids.retried });
  });
});
