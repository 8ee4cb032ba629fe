// The members list's next-payment and balance sorts read keys kept on each membership by triggers
// (migration 0033): the latest subscription's next payment date and balance owing. Here a history made
// through the product as its users and providers make it (joins by bank and card, a price change, a
// pause, charges paid and failed, a failed payment retried and paid, a cancellation by staff, one for
// non-payment, the clock moved on between them) is checked after each step: the kept keys equal the
// latest subscription's, a rebuild changes nothing, and the list in either order, either way, lists the
// members in the order the subscription rows give.

import { todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
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

interface Keys {
  user_id: number;
  next_payment: string | null;
  balance: number;
}

/** The live members' keys worked out from their latest subscription's row, as the list computed them before 0033. */
const fromRows = () =>
  queryRows<Keys>(
    t.db,
    sql`select m.user_id::int,
          (case when s.cancelled_at is null then coalesce(s.current_period_end, s.start_date) end)::text as next_payment,
          coalesce(s.balance_owing, 0)::int as balance
        from organisation_members m left join subscriptions s on s.id = m.latest_subscription_id
        where m.organisation_id = ${w.tenant.organisation.id} and m.deleted_at is null
          and exists (select 1 from member_search_terms t where t.organisation_id = m.organisation_id
                      and t.user_id = m.user_id and t.term = t.name)
        order by m.user_id`,
  );

const kept = () =>
  queryRows<Keys>(
    t.db,
    sql`select m.user_id::int, m.next_payment_date::text as next_payment, m.balance_owing::int as balance
        from organisation_members m where m.organisation_id = ${w.tenant.organisation.id}
        order by m.user_id`,
  );

const listed = async (query: string) => {
  const res = await staffCall(w, { method: 'GET', url: `/api/members?per_page=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((m) => m.id);
};

/** The order the list had before the keys were kept: the key (nulls last either way), then the member. */
function ordered(rows: Keys[], key: 'next_payment' | 'balance', direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const x = a[key];
      const y = b[key];
      if (x === null || y === null) return x === y ? sign * (a.user_id - b.user_id) : x === null ? 1 : -1;
      return x < y ? -sign : x > y ? sign : sign * (a.user_id - b.user_id);
    })
    .map((r) => r.user_id);
}

async function expectKeysKept(label: string) {
  const rows = await fromRows();
  const live = new Set(rows.map((r) => r.user_id));
  const keys = await kept();
  expect(
    keys.filter((k) => live.has(k.user_id)),
    `${label}: kept keys`,
  ).toEqual(rows);
  await t.db.execute(sql`select organisation_members_rebuild_sort_keys()`);
  expect(await kept(), `${label}: after a rebuild`).toEqual(keys);
  for (const direction of ['asc', 'desc'] as const) {
    expect(
      await listed(`sort=next_payment&direction=${direction}`),
      `${label}: next payment ${direction}`,
    ).toEqual(ordered(rows, 'next_payment', direction));
    expect(
      await listed(`sort=balance_owing&direction=${direction}`),
      `${label}: balance ${direction}`,
    ).toEqual(ordered(rows, 'balance', direction));
    // With a filter too (the page walks the index and checks the state).
    const active = await listed(`state=active&sort=balance_owing&direction=${direction}`);
    const all = await listed(`sort=balance_owing&direction=${direction}`);
    expect(active, `${label}: active by balance ${direction}`).toEqual(
      all.filter((id) => active.includes(id)),
    );
  }
  return new Map(rows.map((r) => [r.user_id, r]));
}

describe('the members list’s kept sort keys', { timeout: 600_000 }, () => {
  it('follow joins, a price change, a pause, charges paid and failed, a retry and cancellations', async () => {
    const steady = await join(w, { pay: 'bank', start: 'pays', term: false });
    const paused = await join(w, { pay: 'bank', start: 'pays', term: false });
    const card = await join(w, { pay: 'card', card: 'visa', term: false });
    const recovers = await join(w, { pay: 'bank', start: 'pays', term: false });
    const neverPays = await join(w, { pay: 'bank', start: 'pays', term: false });
    for (const joined of [steady, paused, card, recovers, neverPays])
      expect(joined.confirmStatus, joined.confirmBody).toBeLessThan(300);
    const joinedKeys = await expectKeysKept('after the joins');
    expect(joinedKeys.get(steady.userId)?.next_payment).not.toBeNull();

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
    await expectKeysKept('with changes to come');

    // Charges come due and are paid; one bank refuses the next payment, the other every payment.
    await moveClock(w, noonAfter(w, 2));
    t.sandbox.controls.akahu.failNextPayment(recovers.accountId!, 'INSUFFICIENT_FUNDS');
    t.sandbox.controls.akahu.setBalance(neverPays.accountId!, 0);
    await moveClock(w, noonAfter(w, 7));
    const nineDays = await expectKeysKept('nine days on');
    expect(nineDays.get(neverPays.userId)?.balance, 'the refused member owes').toBeGreaterThan(0);
    expect(nineDays.get(steady.userId)?.next_payment).not.toBe(joinedKeys.get(steady.userId)?.next_payment);

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
    await expectKeysKept('after the retry');

    // Staff cancel the card member's membership.
    const cancelled = await staffCall(w, {
      method: 'POST',
      url: `/api/subscriptions/${card.subscriptionId}/cancel`,
      payload: { cancellation_reasons: ['moving_away'] },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await expectKeysKept('after a cancellation')).get(card.userId)?.next_payment).toBeNull();

    await moveClock(w, noonAfter(w, 40));
    const last = await expectKeysKept('forty days later');
    const [gone] = await queryRows<{ reasons: string[] }>(
      t.db,
      sql`select cancellation_reasons as reasons from subscriptions where id = ${neverPays.subscriptionId}`,
    );
    expect(gone?.reasons).toContain('non_payment');
    expect(last.get(neverPays.userId)?.next_payment).toBeNull();
  });
});
