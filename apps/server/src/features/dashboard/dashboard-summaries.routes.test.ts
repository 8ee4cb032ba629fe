// The dashboard's four calls read summaries kept by triggers and a daily roll-up (migration 0022); here
// they are compared with the same figures worked out from scratch from the rows (subscriptions, pauses,
// charges, payments, refunds, visits; member-standing.ts for who stood where on a day), after a history
// made through the product as its users and providers make it: joins by bank and card, a price change, a
// pause, a failed payment recovered by staff, a member whose bank refuses every payment until the
// membership is cancelled for non-payment, visits, and the clock moved on between them.

import { STOPPED_COMING_DAYS, SUBSCRIPTION_STATE_NAMES } from '@gym/domain/api/dashboard';
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { visits } from '../../db/schema/index';
import { join, makeWorld, moveClock, noonAfter, staffCall, type World } from '../../test/lifecycle/world';
import { createTestApp, type TestApp } from '../../test/test-app';
import { receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { inScope, pastStandingsSql, type Scope, standingsSql } from './member-standing';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  w = await makeWorld(t);
}, 120_000);
afterAll(() => t.close());

const today = () => todayInAuckland(t.clock.now());
const get = async (url: string) => {
  const res = await staffCall(w, { method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

interface Standing {
  user_id: number;
  gym_id: number;
  offering_id: number;
  price_id: number;
  state: string;
}

/** Who stands where today, from the subscription rows. */
const standings = (scope: Scope, day: CalendarDate) =>
  queryRows<Standing>(
    t.db,
    sql`select st.user_id::int, st.gym_id::int, p.offering_id::int, st.price_id::int, st.state
        from (${standingsSql(scope, day, day)}) st join prices p on p.id = st.price_id`,
  );

/** Members active at the end of each past day, rebuilt from history. */
async function pastActive(scope: Scope, days: CalendarDate[]) {
  const rows = await queryRows<{ day: string; active: number }>(
    t.db,
    sql`select st.day::text, count(*) filter (where st.state = 'active')::int as active
        from (${pastStandingsSql(scope, days)}) st group by st.day`,
  );
  return new Map(rows.map((r) => [r.day, r.active]));
}

const count = <T>(rows: T[], keep: (row: T) => boolean) => rows.filter(keep).length;
const byKey = (rows: Standing[], key: (row: Standing) => number) => {
  const found = new Map<number, number>();
  for (const row of rows) if (row.state !== 'cancelled') found.set(key(row), (found.get(key(row)) ?? 0) + 1);
  return [...found.entries()]
    .map(([id, n]) => ({ id, count: n }))
    .sort((a, b) => b.count - a.count || a.id - b.id);
};

/** The stats, the chart, the breakdown and the cost per visit worked out from the rows. */
async function fromScratch(scope: Scope, range: { from: CalendarDate; to: CalendarDate }) {
  const day = today();
  const org = scope.organisationId;
  const now = await standings(scope, day);
  const current = { from: addDays(day, -29), to: day };
  const previous = { from: addDays(day, -59), to: addDays(day, -30) };
  const [money] = await queryRows<Record<string, number>>(
    t.db,
    sql`select
      (select count(*)::int from subscriptions s where s.organisation_id = ${org} and not s.is_staging
         ${inScope(scope, sql`s.gym_id`)} and s.start_date between ${current.from} and ${current.to}) as joins,
      (select count(*)::int from subscriptions s where s.organisation_id = ${org} and not s.is_staging
         ${inScope(scope, sql`s.gym_id`)} and s.start_date between ${previous.from} and ${previous.to}) as joins_before,
      (select count(*)::int from subscriptions s where s.organisation_id = ${org} and not s.is_staging
         ${inScope(scope, sql`s.gym_id`)}
         and (s.cancelled_at at time zone 'Pacific/Auckland')::date between ${current.from} and ${current.to}) as cancellations,
      (select count(*)::int from subscriptions s where s.organisation_id = ${org} and not s.is_staging
         ${inScope(scope, sql`s.gym_id`)} and 'non_payment' = any(s.cancellation_reasons)) as for_non_payment,
      (select coalesce(sum(y.amount + y.surcharge), 0)::int from payments y where y.organisation_id = ${org}
         ${inScope(scope, sql`y.gym_id`)} and y.status = 'sent'
         and (y.created_at at time zone 'Pacific/Auckland')::date between ${current.from} and ${current.to})
      - (select coalesce(sum(r.amount), 0)::int from payment_refunds r where r.organisation_id = ${org}
         ${inScope(scope, sql`r.gym_id`)}
         and (r.created_at at time zone 'Pacific/Auckland')::date between ${current.from} and ${current.to}) as collected,
      (select count(*)::int from payments y where y.organisation_id = ${org} ${inScope(scope, sql`y.gym_id`)}
         and y.status not in ('sent', 'upcoming', 'pending_request')
         and (y.created_at at time zone 'Pacific/Auckland')::date between ${current.from} and ${current.to}) as failed,
      (select coalesce(sum(c.amount + c.surcharge), 0)::int from charges c join subscriptions s on s.id = c.subscription_id
         where c.organisation_id = ${org} ${inScope(scope, sql`s.gym_id`)}
         and c.due_date between ${current.from} and ${current.to}) as expected,
      (select coalesce(sum(s.balance_owing), 0)::int from subscriptions s where s.organisation_id = ${org}
         and not s.is_staging and s.balance_owing > 0 ${inScope(scope, sql`s.gym_id`)}) as owing`,
  );
  const [stopped] = await queryRows<{ total: number }>(
    t.db,
    sql`select count(*)::int as total from (${standingsSql(scope, day, day)}) st
        left join organisation_members m on m.organisation_id = ${org} and m.user_id = st.user_id
        where st.state = 'active' and st.start_date <= ${addDays(day, -STOPPED_COMING_DAYS)}::date
          and (m.last_visit_at is null
               or (m.last_visit_at at time zone 'Pacific/Auckland')::date <= ${addDays(day, -STOPPED_COMING_DAYS)}::date)`,
  );
  // The ten longest away, as the stats listed them before migration 0031 (each member's membership in the
  // scope looked up): never first, then by last visit, then by id.
  const stoppedList = await queryRows<{ id: number }>(
    t.db,
    sql`select st.user_id::int as id from (${standingsSql(scope, day, day)}) st
        join organisation_members m on m.organisation_id = ${org} and m.user_id = st.user_id and m.deleted_at is null
        where st.state = 'active' and st.start_date <= ${addDays(day, -STOPPED_COMING_DAYS)}::date
          and (m.last_visit_at is null
               or (m.last_visit_at at time zone 'Pacific/Auckland')::date <= ${addDays(day, -STOPPED_COMING_DAYS)}::date)
        order by m.last_visit_at asc nulls first, st.user_id limit 10`,
  );
  const paidAndSeen = await queryRows<{ offering_id: number; paid: number; visits: number }>(
    t.db,
    sql`select x.offering_id::int, sum(x.paid)::int as paid, sum(x.visits)::int as visits from (
          select p.offering_id, y.amount + y.surcharge as paid, 0 as visits
          from payments y join subscriptions s on s.id = y.subscription_id join prices p on p.id = s.price_id
          where y.organisation_id = ${org} and y.status = 'sent' ${inScope(scope, sql`y.gym_id`)}
            and (y.created_at at time zone 'Pacific/Auckland')::date between ${range.from} and ${range.to}
          union all
          select m.offering_id, 0, 1 from visits v
          join (${standingsSql({ organisationId: org, gymIds: null }, day, day)}) st on st.user_id = v.user_id
          join prices m on m.id = st.price_id
          where v.organisation_id = ${org} and v.successful ${inScope(scope, sql`st.gym_id`)}
            and (v.visited_at at time zone 'Pacific/Auckland')::date between ${range.from} and ${range.to}) x
        group by x.offering_id`,
  );
  const chartDays: CalendarDate[] = [];
  for (let d = range.from; d < day; d = addDays(d, 1)) chartDays.push(d);
  const past = await pastActive(scope, [...new Set([...chartDays, previous.to])]);
  const active = count(now, (s) => s.state === 'active');
  return {
    stats: {
      active_members: { current: active, previous: past.get(previous.to) ?? 0 },
      joins: { current: money!.joins, previous: money!.joins_before },
      cancellations: money!.cancellations,
      for_non_payment: money!.for_non_payment,
      revenue_collected: money!.collected,
      failed_payments: money!.failed,
      revenue_expected: money!.expected,
      balance_owing: money!.owing,
      members_in_grace: count(now, (s) => s.state === 'grace'),
      stopped_coming_count: stopped!.total,
      stopped_coming: stoppedList.map((r) => r.id),
    },
    chart: [...chartDays.map((d) => ({ date: d, active: past.get(d) ?? 0 })), { date: day, active }],
    breakdown: {
      by_state: SUBSCRIPTION_STATE_NAMES.map((state) => ({
        state,
        count: count(now, (s) => s.state === state),
      })),
      by_offering: byKey(now, (s) => s.offering_id),
      by_price: byKey(now, (s) => s.price_id),
      by_gym: byKey(now, (s) => s.gym_id),
    },
    costs: byKey(now, (s) => s.offering_id).map((o) => {
      const found = paidAndSeen.find((p) => p.offering_id === o.id);
      return { id: o.id, members: o.count, paid: found?.paid ?? 0, visits: found?.visits ?? 0 };
    }),
  };
}

/** Every figure of the four calls, whole organisation and one gym, against the rows. */
async function expectSummariesMatch(label: string) {
  const organisationId = w.tenant.organisation.id;
  const gymId = w.tenant.gymA.id;
  const range = { from: w.firstDay as CalendarDate, to: today() };
  const scopes: [Scope, string][] = [
    [{ organisationId, gymIds: null }, ''],
    [{ organisationId, gymIds: [gymId] }, `&gym_id=${gymId}`],
  ];
  for (const [scope, query] of scopes) {
    const expected = await fromScratch(scope, range);
    const stats = await get(`/api/stats?period_days=30${query}`);
    expect(
      {
        active_members: stats.active_members,
        joins: stats.joins,
        cancellations: stats.cancellations.current,
        revenue_collected: stats.revenue_collected.current,
        failed_payments: stats.failed_payments.current,
        revenue_expected: stats.revenue_expected.current,
        balance_owing: stats.balance_owing,
        members_in_grace: stats.members_in_grace,
        stopped_coming_count: stats.stopped_coming_count,
        stopped_coming: stats.stopped_coming.map((m: { id: number }) => m.id),
      },
      `${label}: stats${query}`,
    ).toEqual({
      ...expected.stats,
      cancellations: expected.stats.cancellations,
      for_non_payment: undefined,
    });
    const chart = await get(`/api/active-users?from=${range.from}&to=${range.to}&interval=day${query}`);
    expect(chart, `${label}: chart${query}`).toEqual(expected.chart);
    const breakdown = await get(`/api/user-breakdown?${query.slice(1)}`);
    expect(
      {
        by_state: breakdown.by_state,
        by_offering: breakdown.by_offering.map((o: { id: number; count: number }) => ({
          id: o.id,
          count: o.count,
        })),
        by_price: breakdown.by_price.map((o: { id: number; count: number }) => ({
          id: o.id,
          count: o.count,
        })),
        by_gym: breakdown.by_gym.map((o: { id: number; count: number }) => ({ id: o.id, count: o.count })),
      },
      `${label}: breakdown${query}`,
    ).toEqual(expected.breakdown);
    const costs = await get(`/api/cost-and-visit-breakdown?from=${range.from}&to=${range.to}${query}`);
    expect(
      costs.offerings.map((o: { id: number; members: number; paid: number; visits: number }) => ({
        id: o.id,
        members: o.members,
        paid: o.paid,
        visits: o.visits,
      })),
      `${label}: cost per visit${query}`,
    ).toEqual(expected.costs);
  }
  // The member rows the triggers kept (migration 0031) are the rows worked out again from scratch.
  const kept = sql`select organisation_id, for_organisation, gym_id, user_id, subscription_id, start_date::text,
      since::text, paused_on::text, last_visit_at from stopped_coming_members where organisation_id = ${organisationId}`;
  const again = sql`select organisation_id, for_organisation, gym_id, user_id, subscription_id, start_date::text,
      since::text, paused_on::text, last_visit_at
    from stopped_coming_member_rows(
      (select array_agg(s) from subscriptions s where s.organisation_id = ${organisationId}),
      (select array_agg(m) from organisation_members m where m.organisation_id = ${organisationId}))`;
  const order = sql`order by 1, 2, 3, 4`;
  expect(await queryRows(t.db, sql`${kept} ${order}`), `${label}: stopped_coming_members`).toEqual(
    await queryRows(t.db, sql`${again} ${order}`),
  );
  return fromScratch({ organisationId, gymIds: null }, range);
}

const visit = (userId: number) =>
  t.db.insert(visits).values({
    organisationId: w.tenant.organisation.id,
    gymId: w.tenant.gymA.id,
    userId,
    visitedAt: t.clock.now(),
    successful: true,
  });

describe('dashboard summaries against a recomputation from the rows', { timeout: 600_000 }, () => {
  it('agree after joins, a price change, a pause, a failure recovered and a cancellation for non-payment', async () => {
    const steady = await join(w, { pay: 'bank', start: 'pays', term: false });
    const paused = await join(w, { pay: 'bank', start: 'pays', term: false });
    const card = await join(w, { pay: 'card', card: 'visa', term: false });
    const recovers = await join(w, { pay: 'bank', start: 'pays', term: false });
    const neverPays = await join(w, { pay: 'bank', start: 'pays', term: false });
    for (const joined of [steady, paused, card, recovers, neverPays])
      expect(joined.confirmStatus, joined.confirmBody).toBeLessThan(300);
    await expectSummariesMatch('after the joins');

    // A price change in three days, a pause from two days on for two weeks, and a visit.
    const changed = await staffCall(w, {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: {
        subscription_id: steady.subscriptionId,
        price_id: w.prices.dearer,
        takes_effect_at: todayInAuckland(noonAfter(w, 3)),
      },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const pause = await staffCall(w, {
      method: 'POST',
      url: `/api/subscriptions/${paused.subscriptionId}/pause`,
      payload: {
        start_date: todayInAuckland(noonAfter(w, 2)),
        end_date: todayInAuckland(noonAfter(w, 16)),
        reason: 'Travelling',
      },
    });
    expect(pause.statusCode, pause.body).toBeLessThan(300);
    await visit(steady.userId);
    await visit(card.userId);
    await expectSummariesMatch('with changes to come');

    // Once the first payments are in, one bank refuses the next payment; the other every payment.
    await moveClock(w, noonAfter(w, 2));
    t.sandbox.controls.akahu.failNextPayment(recovers.accountId!, 'INSUFFICIENT_FUNDS');
    t.sandbox.controls.akahu.setBalance(neverPays.accountId!, 0);
    await moveClock(w, noonAfter(w, 7));
    await visit(steady.userId);
    await visit(paused.userId);
    await expectSummariesMatch('nine days on');

    // Staff retry the refused payment: it pays.
    const [failed] = await queryRows<{ id: number }>(
      t.db,
      sql`select id::int from payments where subscription_id = ${recovers.subscriptionId}
          and status not in ('sent', 'upcoming', 'pending_request') order by id desc limit 1`,
    );
    expect(failed, 'the refused payment').toBeDefined();
    const retried = await staffCall(w, { method: 'POST', url: `/api/payments/${failed!.id}/retry` });
    expect(retried.statusCode, retried.body).toBeLessThan(300);
    await moveClock(w, noonAfter(w, 1));
    await expectSummariesMatch('after the retry');

    await moveClock(w, noonAfter(w, 40));
    await visit(card.userId);
    const last = await expectSummariesMatch('forty days later');
    // The history had what it was made for: a cancellation for non-payment, a recovered failure.
    expect(last.stats.for_non_payment).toBe(1);
    const [kinds] = await queryRows<{ voluntary: number; non_payment: number }>(
      t.db,
      sql`select coalesce(sum(cancellations_voluntary), 0)::int as voluntary,
            coalesce(sum(cancellations_non_payment), 0)::int as non_payment
          from daily_gym_figures where organisation_id = ${w.tenant.organisation.id}`,
    );
    expect(kinds).toEqual({ voluntary: 0, non_payment: 1 });
    const [recovered] = await queryRows<{ owing: number }>(
      t.db,
      sql`select balance_owing as owing from subscriptions where id = ${recovers.subscriptionId}`,
    );
    expect(recovered?.owing).toBe(0);
  });
});
