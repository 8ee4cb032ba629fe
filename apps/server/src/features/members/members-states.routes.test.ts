// The members list in name order filtered by state or owing reads each member's whole-name row of
// member_search_terms, which keeps the inputs of their latest subscription's state and its balance owing
// (migration 0036). Here a history made through the product (joins, a pause booked and begun, a payment
// refused into grace and grace ending both ways, a payment made on a retry, a cancellation, a member
// renamed, a membership deleted, the clock moved on between them) is checked after each step: the kept
// columns equal the latest subscription's, a rebuild changes nothing, the state read from the kept columns
// equals the state read from the subscription on every day around the clock's, and every state's page (and
// owing's) lists the members, in the order and with the total, that the subscription rows give.

import { randomUUID } from 'node:crypto';
import { addDays, type CalendarDate, startOfDayInstant, todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  owingSql,
  searchTermInputs,
  stateIsSql,
  subscriptionStateSql,
} from '../../db/subscription-state-sql';
import { join, makeWorld, moveClock, noonAfter, staffCall, type World } from '../../test/lifecycle/world';
import { createTestApp, type TestApp } from '../../test/test-app';
import { receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  w = await makeWorld(t);
}, 120_000);
afterAll(() => t.close());

const STATES = ['active', 'paused', 'grace', 'upcoming', 'cancelled'] as const;
const org = () => w.tenant.organisation.id;

/** Every live member's kept columns and their latest subscription's, side by side as text. */
const keptAndRows = () =>
  queryRows<{ user_id: number; kept: string; row: string }>(
    t.db,
    sql`select t.user_id::int,
          row(t.subscription_id, t.start_date, t.paused_at, t.cancelled_at, t.grace_period_ends_at,
              t.upcoming_state, t.balance_owing, t.price_id, t.joined_at, t.last_visit_at, t.tags,
              t.next_payment_date)::text as kept,
          row(s.id, s.start_date, s.paused_at, s.cancelled_at, s.grace_period_ends_at,
              s.upcoming_state, s.balance_owing, s.price_id, m.created_at, m.last_visit_at, m.tags,
              m.next_payment_date)::text as row
        from member_search_terms t
        join organisation_members m on m.organisation_id = t.organisation_id and m.user_id = t.user_id
        left join subscriptions s on s.id = m.latest_subscription_id
        where t.organisation_id = ${org()} and t.term = t.name
        order by t.user_id`,
  );

/** Members whose state on `day` read from the kept columns differs from the one read from the subscription. */
const statesDiffering = (day: CalendarDate) =>
  queryRows<{ user_id: number; kept: string | null; row: string | null }>(
    t.db,
    sql`select t.user_id::int, ${subscriptionStateSql(day, searchTermInputs)} as kept,
          ${subscriptionStateSql(day)} as row,
          array[${sql.join(
            STATES.map((state) => sql`${stateIsSql(state, day, searchTermInputs)}`),
            sql`, `,
          )}]::text as kept_tests,
          array[${sql.join(
            STATES.map((state) => sql`${stateIsSql(state, day)}`),
            sql`, `,
          )}]::text as row_tests
        from member_search_terms t
        join organisation_members m on m.organisation_id = t.organisation_id and m.user_id = t.user_id
        left join subscriptions s on s.id = m.latest_subscription_id
        where t.organisation_id = ${org()} and t.term = t.name
          and (${subscriptionStateSql(day, searchTermInputs)} is distinct from ${subscriptionStateSql(day)}
            or array[${sql.join(
              STATES.map((state) => sql`${stateIsSql(state, day, searchTermInputs)}`),
              sql`, `,
            )}] is distinct from array[${sql.join(
              STATES.map((state) => sql`${stateIsSql(state, day)}`),
              sql`, `,
            )}])`,
  );

/** The list as it was read before 0036: the whole-name rows joined to the latest subscription, in name order. */
const reference = (condition: ReturnType<typeof sql>) =>
  queryRows<{ user_id: number }>(
    t.db,
    sql`select t.user_id::int from member_search_terms t
        join organisation_members m on m.organisation_id = t.organisation_id and m.user_id = t.user_id
        left join subscriptions s on s.id = m.latest_subscription_id
        where t.organisation_id = ${org()} and t.term = t.name and ${condition}
        order by t.name, t.user_id`,
  ).then((rows) => rows.map((r) => r.user_id));

const listed = async (query: string) => {
  const res = await staffCall(w, { method: 'GET', url: `/api/members?per_page=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { id: number }[]; meta: { total: number } };
  return { ids: body.data.map((m) => m.id), total: body.meta.total };
};

async function expectKept(label: string) {
  const rows = await keptAndRows();
  expect(rows.length, `${label}: members`).toBeGreaterThan(0);
  for (const r of rows) expect(r.kept, `${label}: member ${r.user_id}'s kept columns`).toBe(r.row);
  const [rebuilt] = await queryRows<{ changed: number }>(
    t.db,
    sql`select member_search_terms_rebuild_states() as changed`,
  );
  expect(rebuilt?.changed, `${label}: a rebuild changes nothing`).toBe(0);
  expect(await keptAndRows(), `${label}: after a rebuild`).toEqual(rows);
  // A tag's members (member_tags, migration 0041) are the live members with that tag.
  const tagRows = (from: 'kept' | 'members') =>
    queryRows<{ tag: string; user_id: number; home_gym_id: number | null }>(
      t.db,
      from === 'kept'
        ? sql`select tag, user_id::int, home_gym_id::int from member_tags
              where organisation_id = ${org()} order by tag, user_id`
        : sql`select distinct x.tag, m.user_id::int, m.home_gym_id::int
              from organisation_members m cross join lateral unnest(m.tags) as x(tag)
              where m.organisation_id = ${org()} and exists (select 1 from member_search_terms t
                where t.organisation_id = m.organisation_id and t.user_id = m.user_id and t.term = t.name)
              order by 1, 2`,
    );
  expect(await tagRows('kept'), `${label}: tags kept`).toEqual(await tagRows('members'));
  // The list's rows are the whole-name rows, which alone have joined_at (the indexes hold those).
  const [marked] = await queryRows<{ whole: number; joined: number; both: number }>(
    t.db,
    sql`select count(*) filter (where term = name)::int as whole,
          count(*) filter (where joined_at is not null)::int as joined,
          count(*) filter (where term = name and joined_at is not null)::int as both
        from member_search_terms where organisation_id = ${org()}`,
  );
  expect(marked, `${label}: rows with joined_at`).toEqual({
    whole: rows.length,
    joined: rows.length,
    both: rows.length,
  });
  // The state on every day around the clock's (a pause's first day, a start date, days to come), read
  // from the kept columns, is the one read from the subscription.
  const today = todayInAuckland(t.clock.now());
  for (let n = -3; n <= 45; n++) {
    const day = addDays(today, n);
    expect(await statesDiffering(day), `${label}: states on ${day}`).toEqual([]);
  }
  // Each state's page (and owing's), both ways, lists the members the subscription rows give, in order.
  const found: Record<string, number[]> = {};
  for (const state of STATES) {
    const expected = await reference(stateIsSql(state, today));
    found[state] = expected;
    const asc = await listed(`state=${state}`);
    expect(asc.ids, `${label}: ${state}`).toEqual(expected);
    expect(asc.total, `${label}: ${state} total`).toBe(expected.length);
    expect((await listed(`state=${state}&direction=desc`)).ids, `${label}: ${state} desc`).toEqual(
      [...expected].reverse(),
    );
  }
  const owing = await reference(owingSql());
  found.owing = owing;
  const owed = await listed('owing=true');
  expect(owed.ids, `${label}: owing`).toEqual(owing);
  expect(owed.total, `${label}: owing total`).toBe(owing.length);
  expect((await listed('owing=true&direction=desc')).ids, `${label}: owing desc`).toEqual(
    [...owing].reverse(),
  );
  const owingGrace = await reference(sql`${owingSql()} and ${stateIsSql('grace', today)}`);
  expect((await listed('owing=true&state=grace')).ids, `${label}: owing in grace`).toEqual(owingGrace);
  // The filters read from the kept membership facts and price (migration 0041), alone and with a state,
  // in name order and (their totals) beside another order, as the membership and subscription rows give.
  const cutoff = new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString();
  const [{ offeringId } = { offeringId: 0 }] = await queryRows<{ offeringId: number }>(
    t.db,
    sql`select offering_id::int as "offeringId" from prices where id = ${w.prices.flexi}`,
  );
  const since = addDays(today, -1);
  const facts: [string, ReturnType<typeof sql>][] = [
    ['tag=regular', sql`m.tags @> array['regular']::text[]`],
    ['inactive_days=3', sql`(m.last_visit_at is null or m.last_visit_at < ${cutoff})`],
    [`joined_from=${since}`, sql`m.created_at >= ${startOfDayInstant(since).toISOString()}`],
    [`joined_to=${since}`, sql`m.created_at < ${startOfDayInstant(today).toISOString()}`],
    [`price_id=${w.prices.dearer}`, sql`s.price_id = ${w.prices.dearer}`],
    [
      `offering_id=${offeringId}`,
      sql`s.price_id in (select id from prices where offering_id = ${offeringId})`,
    ],
  ];
  for (const [query, condition] of facts) {
    const expected = await reference(condition);
    const got = await listed(query);
    expect(got.ids, `${label}: ${query}`).toEqual(expected);
    expect(got.total, `${label}: ${query} total`).toBe(expected.length);
    expect((await listed(`${query}&sort=joined`)).total, `${label}: ${query} total by joined`).toBe(
      expected.length,
    );
    const activeToo = await reference(sql`${condition} and ${stateIsSql('active', today)}`);
    expect((await listed(`${query}&state=active`)).ids, `${label}: ${query}, active`).toEqual(activeToo);
  }
  // Joined and last visit, both ways, alone and with a state, in the membership rows' order (the last
  // visit's nulls last either way; the member's id breaks ties the way the order runs).
  for (const [sort, column] of [
    ['joined', sql`m.created_at`],
    ['last_visit', sql`m.last_visit_at`],
  ] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      const way = sql.raw(direction);
      for (const state of [null, 'active', 'grace'] as const) {
        const expected = await queryRows<{ user_id: number }>(
          t.db,
          sql`select t.user_id::int from member_search_terms t
              join organisation_members m on m.organisation_id = t.organisation_id and m.user_id = t.user_id
              left join subscriptions s on s.id = m.latest_subscription_id
              where t.organisation_id = ${org()} and t.term = t.name
                and ${state ? stateIsSql(state, today) : sql`true`}
              order by ${column} ${way} nulls last, t.user_id ${way}`,
        );
        const got = await listed(`sort=${sort}&direction=${direction}${state ? `&state=${state}` : ''}`);
        expect(got.ids, `${label}: ${state ?? 'all'} by ${sort} ${direction}`).toEqual(
          expected.map((r) => r.user_id),
        );
      }
    }
  }
  return found;
}

describe('the members list’s kept states', { timeout: 900_000 }, () => {
  it('follow joins, a pause, grace begun and ended, a payment, a cancellation, a rename and a deletion', async () => {
    const steady = await join(w, { pay: 'bank', start: 'pays', term: false });
    const paused = await join(w, { pay: 'bank', start: 'pays', term: false });
    const card = await join(w, { pay: 'card', card: 'visa', term: false });
    const recovers = await join(w, { pay: 'bank', start: 'pays', term: false });
    const neverPays = await join(w, { pay: 'bank', start: 'pays', term: false });
    const leaves = await join(w, { pay: 'bank', start: 'pays', term: false });
    const paysLate = await join(w, { pay: 'bank', start: 'pays', term: false });
    for (const joined of [steady, paused, card, recovers, neverPays, leaves, paysLate])
      expect(joined.confirmStatus, joined.confirmBody).toBeLessThan(300);
    await expectKept('after the joins');

    // Tags given, a visit at the desk and a price change to come: the kept facts follow each.
    for (const [member, tags] of [
      [steady, ['regular']],
      [card, ['regular', 'student']],
    ] as const) {
      const tagged = await staffCall(w, {
        method: 'PUT',
        url: `/api/members/${member.userId}`,
        payload: { tags },
      });
      expect(tagged.statusCode, tagged.body).toBe(200);
    }
    const visit = await staffCall(w, {
      method: 'POST',
      url: '/api/check-in',
      payload: { user_id: steady.userId, idempotency_key: randomUUID() },
    });
    expect(visit.statusCode, visit.body).toBeLessThan(300);
    const priceChange = await staffCall(w, {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: {
        subscription_id: recovers.subscriptionId,
        price_id: w.prices.dearer,
        takes_effect_at: todayInAuckland(noonAfter(w, 3)),
      },
    });
    expect(priceChange.statusCode, priceChange.body).toBeLessThan(300);
    const facts = await expectKept('tags, a visit and a price change booked');
    expect(facts.active).toContain(steady.userId);

    // A pause booked to begin in two days: not paused yet, paused from its first day.
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
    expect((await expectKept('a pause booked')).paused).not.toContain(paused.userId);

    await moveClock(w, noonAfter(w, 2));
    expect((await expectKept('the pause begun')).paused).toContain(paused.userId);
    // One bank refuses the next payment, two others every payment: those two go into grace and owe.
    t.sandbox.controls.akahu.failNextPayment(recovers.accountId!, 'INSUFFICIENT_FUNDS');
    t.sandbox.controls.akahu.setBalance(neverPays.accountId!, 0);
    t.sandbox.controls.akahu.setBalance(paysLate.accountId!, 0);
    await moveClock(w, noonAfter(w, 7));
    const nineDays = await expectKept('nine days on');
    expect(nineDays.grace, 'refused members in grace').toEqual(
      expect.arrayContaining([neverPays.userId, paysLate.userId]),
    );
    expect(nineDays.owing).toEqual(expect.arrayContaining([neverPays.userId, paysLate.userId]));

    // Staff retry the refused payments (money back in one account): they are paid, and its grace ends.
    t.sandbox.controls.akahu.setBalance(paysLate.accountId!, 1_000_000);
    for (const member of [recovers, paysLate]) {
      const [failed] = await queryRows<{ id: number }>(
        t.db,
        sql`select id::int from payments where subscription_id = ${member.subscriptionId}
            and status not in ('sent', 'upcoming', 'pending_request') order by id desc limit 1`,
      );
      expect(failed, 'the refused payment').toBeDefined();
      const retried = await staffCall(w, { method: 'POST', url: `/api/payments/${failed!.id}/retry` });
      expect(retried.statusCode, retried.body).toBeLessThan(300);
    }
    await moveClock(w, noonAfter(w, 1));
    const retried = await expectKept('after the retries');
    expect(retried.grace, 'paid: out of grace').not.toContain(paysLate.userId);
    expect(retried.grace).toContain(neverPays.userId);

    // Staff cancel the card member's membership.
    const cancelled = await staffCall(w, {
      method: 'POST',
      url: `/api/subscriptions/${card.subscriptionId}/cancel`,
      payload: { cancellation_reasons: ['moving_away'] },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await expectKept('after a cancellation')).cancelled).toContain(card.userId);

    // A tag taken off.
    const untagged = await staffCall(w, {
      method: 'PUT',
      url: `/api/members/${card.userId}`,
      payload: { tags: ['student'] },
    });
    expect(untagged.statusCode, untagged.body).toBe(200);
    await expectKept('a tag taken off');

    // A rename moves the member in the name order (names drive the order).
    const renamed = await staffCall(w, {
      method: 'PUT',
      url: `/api/members/${neverPays.userId}`,
      payload: { name: 'Aaron Aardvark' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await expectKept('after a rename');
    expect(afterRename.grace?.[0], 'the renamed member first in grace').toBe(neverPays.userId);

    // A membership deleted leaves every list.
    const deleted = await staffCall(w, {
      method: 'DELETE',
      url: `/api/members/${leaves.userId}?confirm=true`,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const afterDelete = await expectKept('after a deletion');
    expect(Object.values(afterDelete).flat()).not.toContain(leaves.userId);

    // Grace ends the other way: the member who never pays is cancelled for non-payment.
    await moveClock(w, noonAfter(w, 40));
    const last = await expectKept('forty days later');
    expect(last.cancelled).toContain(neverPays.userId);
    expect(last.paused).not.toContain(paused.userId);
  });
});

describe('the kept states’ indexes', () => {
  // A page's own tests decide who is listed; the partial index of migration 0036 only serves the page when
  // those tests imply its condition. Were the rule's tests (stateIsSql) to change shape so that they no
  // longer do, the page would stay right but walk every member again: this says which index the planner
  // can take for each (sequential and bitmap scans off, so only the ordered index scans compete).
  it('serve paused, grace, cancelled and owing in name order', async () => {
    const today = todayInAuckland(t.clock.now());
    const cases = [
      ['member_search_terms_paused', stateIsSql('paused', today, searchTermInputs)],
      ['member_search_terms_grace', stateIsSql('grace', today, searchTermInputs)],
      ['member_search_terms_cancelled', stateIsSql('cancelled', today, searchTermInputs)],
      ['member_search_terms_owing', owingSql(sql`t.balance_owing`)],
    ] as const;
    for (const [index, condition] of cases) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        return queryRows<Record<string, unknown>>(
          tx,
          sql`explain select t.user_id from member_search_terms t
              where t.organisation_id = ${org()} and t.joined_at is not null and ${condition}
              order by t.name, t.user_id limit 25`,
        );
      });
      const text = plan.map((row) => Object.values(row).join('')).join('\n');
      expect(text, index).toContain(index);
    }
  });
});
