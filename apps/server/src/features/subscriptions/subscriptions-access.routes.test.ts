// Who may act on a subscription (docs/roles.md "Subscription actions"): another organisation's record
// answers 404 with none of its data; a trainer, a member, or an admin of another gym 403; and a refused
// call changes nothing. Organisation admins and the gym's own admins are let through.
import { addDays } from '@gym/domain/calendar-date';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIsolated } from '../../test/isolation';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  makeWorld,
  pausesOf,
  priceChangesOf,
  subscriptionRow,
  todayOf,
  type World,
  weeklyMember,
  weeklyPrice,
} from './subscriptions.test-support';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
}, 60_000);
afterAll(() => t.close());

/** Every subscription call, on one subscription (and its member). */
function requests(sub: { id: number; userId: number }, priceId: number): InjectOptions[] {
  const today = todayOf(t);
  return [
    { method: 'GET', url: `/api/subscriptions/${sub.id}/actions` },
    {
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/pause`,
      payload: { start_date: addDays(today, 5), end_date: addDays(today, 9), reason: 'Holiday' },
    },
    { method: 'DELETE', url: `/api/subscriptions/${sub.id}/pauses/1` },
    {
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/cancel`,
      payload: { cancellation_reasons: ['cost'] },
    },
    { method: 'POST', url: `/api/subscriptions/${sub.id}/undo-cancellation` },
    {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: { subscription_id: sub.id, price_id: priceId },
    },
    {
      method: 'POST',
      url: '/api/subscriptions/change-price-email-preview',
      payload: { subscription_id: sub.id, price_id: priceId },
    },
    { method: 'GET', url: `/api/users/${sub.userId}/price-change-history` },
    { method: 'GET', url: `/api/subscriptions/${sub.id}/start-early-data` },
    { method: 'POST', url: `/api/subscriptions/${sub.id}/start-early`, payload: {} },
    { method: 'GET', url: `/api/subscriptions/${sub.id}/balance` },
    {
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/manual-payment`,
      payload: { type: 'cash', amount: 2100, idempotency_key: 'access-test-1' },
    },
  ];
}

async function unchanged(subId: number) {
  const row = await subscriptionRow(w, subId);
  expect(row.cancelledAt).toBeNull();
  expect(row.transitionToPriceId).toBeNull();
  expect(await pausesOf(w, subId)).toHaveLength(0);
  expect(await priceChangesOf(w, subId)).toHaveLength(0);
}

describe('subscription actions and roles', () => {
  it('another organisation’s subscription and member are not found, and nothing of them is sent', async () => {
    const { sub, member } = await weeklyMember(w, { name: 'Secret Member' });
    const price = await weeklyPrice(w, { amount: 3000 });
    await expectIsolated(
      t.app,
      w.cookies.otherAdmin,
      requests({ id: sub.id, userId: member.id }, price.id).map((request) => ({
        name: `${request.method} ${request.url}`,
        request,
        refusedWith: [404],
        mustNotContain: ['Secret Member', member.email],
      })),
    );
    await unchanged(sub.id);
  });

  it('trainers and members are refused (403); so is an admin of another gym', async () => {
    const { sub, member } = await weeklyMember(w, { gym: 'B' });
    const price = await weeklyPrice(w, { amount: 3000 });
    for (const cookie of [w.cookies.trainer, w.cookies.member, w.cookies.gymAdmin]) {
      for (const request of requests({ id: sub.id, userId: member.id }, price.id)) {
        const res = await call(w, cookie, request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body.slice(0, 120)}`).toBe(403);
      }
    }
    await unchanged(sub.id);
  });

  it('the gym’s own admin may act', async () => {
    const { sub } = await weeklyMember(w);
    const price = await weeklyPrice(w, { amount: 3000 });
    const res = await call(w, w.cookies.gymAdmin, {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: { subscription_id: sub.id, price_id: price.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancel = await call(w, w.cookies.gymAdmin, {
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/cancel`,
      payload: { cancellation_reasons: ['moving_away'] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });
});
