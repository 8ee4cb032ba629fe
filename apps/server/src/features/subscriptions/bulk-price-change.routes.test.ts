// The bulk price change on a real database: the preview (filters, members inside a term left out unless
// included, the notice), the background job with its progress, each member's change in their history,
// a second start finding the first job, and the scheduler's sweep finishing a job left part-way.
import { FREQUENCY_CHANGE_PROBLEMS } from '@gym/domain/billing-schedule';
import { addDays } from '@gym/domain/calendar-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrice } from '../../test/catalogue-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertOrFindJob } from './bulk-price-change.repository';
import { runBulkPriceChanges } from './bulk-price-change.service';
import {
  call,
  makeWorld,
  ok,
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

const today = () => todayOf(t);

/** A price with members at both gyms, one of them inside a term, and the price to move them to. */
async function pricedSet() {
  const from = await weeklyPrice(w, { amount: 2100 });
  const to = await weeklyPrice(w, { amount: 2400 });
  const a1 = await weeklyMember(w, { priceId: from.id, name: 'Aroha Bulk' });
  const a2 = await weeklyMember(w, { priceId: from.id, name: 'Tama Bulk' });
  const term = await weeklyMember(w, { priceId: from.id, name: 'Mere Term', term: { endsIn: 60 } });
  const b = await weeklyMember(w, { priceId: from.id, gym: 'B', name: 'Hemi North' });
  return { from, to, a1, a2, term, b };
}

async function waitForJob(id: number, cookie = w.cookies.admin) {
  for (let i = 0; i < 100; i += 1) {
    const { data } = await ok(w, cookie, {
      method: 'GET',
      url: `/api/subscriptions/bulk-price-change/${id}`,
    });
    if (data.status === 'done' || data.status === 'failed') return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the job did not finish');
}

describe('bulk price change', () => {
  it('previews the members on a price with the filters, leaving out those inside a term unless included', async () => {
    const set = await pricedSet();
    const body = {
      price_id: set.from.id,
      gym_id: w.tenant.gymA.id,
      new_price_id: set.to.id,
      takes_effect_at: addDays(today(), 14),
    };
    const res = await ok(w, w.cookies.admin, {
      method: 'POST',
      url: '/api/subscriptions/bulk-price-change/preview',
      payload: body,
    });
    expect(res.summary).toMatchObject({ matching: 3, included: 2, excluded_in_term: 1, new_amount: 2400 });
    const byName = Object.fromEntries(res.data.map((r: { name: string }) => [r.name, r]));
    expect(byName['Mere Term']).toMatchObject({
      included: false,
      in_term: true,
      excluded_reason: expect.stringMatching(/^Inside a term until/),
    });
    expect(byName['Aroha Bulk']).toMatchObject({ included: true, current_amount: 2100, state: 'active' });
    expect(byName['Hemi North']).toBeUndefined();
    expect(res.email.text).toContain('from $21.00 to $24.00');

    const searched = await ok(w, w.cookies.admin, {
      method: 'POST',
      url: '/api/subscriptions/bulk-price-change/preview',
      payload: { ...body, gym_id: null, search: 'tama', include_term_members: true },
    });
    expect(searched.data.map((r: { name: string }) => r.name)).toEqual(['Tama Bulk']);
    const withTerm = await ok(w, w.cookies.admin, {
      method: 'POST',
      url: '/api/subscriptions/bulk-price-change/preview',
      payload: { ...body, include_term_members: true, per_page: 2 },
    });
    expect(withTerm.summary).toMatchObject({ included: 3, excluded_in_term: 0 });
    expect(withTerm.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
  });

  it('runs as a job: every included member changes, in their history; starting it again finds the same job', async () => {
    const set = await pricedSet();
    const body = { price_id: set.from.id, new_price_id: set.to.id, takes_effect_at: addDays(today(), 14) };
    const started = await ok(
      w,
      w.cookies.admin,
      { method: 'POST', url: '/api/subscriptions/bulk-price-change', payload: body },
      202,
    );
    expect(started.data).toMatchObject({ total: 3, new_price_id: set.to.id });
    const job = await waitForJob(started.data.id);
    expect(job).toMatchObject({ status: 'done', total: 3, done: 3, changed: 3, failed: 0 });
    for (const m of [set.a1, set.a2, set.b]) {
      expect(await subscriptionRow(w, m.sub.id)).toMatchObject({
        transitionToPriceId: set.to.id,
        transitionTakesEffectAt: addDays(today(), 14),
      });
      const [change] = await priceChangesOf(w, m.sub.id);
      expect(change).toMatchObject({ fromAmount: 2100, toAmount: 2400, createdBy: w.tenant.admin.id });
    }
    expect((await subscriptionRow(w, set.term.sub.id)).transitionToPriceId).toBeNull();

    const again = await ok(
      w,
      w.cookies.admin,
      { method: 'POST', url: '/api/subscriptions/bulk-price-change', payload: body },
      202,
    );
    expect(again.data).toMatchObject({ id: started.data.id, status: 'done' });
    expect(await priceChangesOf(w, set.a1.sub.id)).toHaveLength(1);
  });

  it('is finished by the scheduler’s sweep when the process that started it stopped', async () => {
    const set = await pricedSet();
    // Queued as the start call queues it, but never run (as if the server stopped at once).
    const job = await insertOrFindJob(
      t.db,
      `test-${set.from.id}`,
      {
        organisation_id: w.tenant.organisation.id,
        actor_user_id: w.tenant.admin.id,
        request_id: null,
        gym_ids: null,
        input: {
          price_id: set.from.id,
          gym_id: null,
          offering_id: null,
          state: null,
          search: null,
          new_price_id: set.to.id,
          takes_effect_at: addDays(today(), 21),
          include_term_members: true,
        },
        progress: { total: 4, done: 0, changed: 0, unchanged: 0, failed: 0, after_id: 0, errors: [] },
      },
      t.clock.now(),
    );
    expect(job.status).toBe('queued');
    expect(await runBulkPriceChanges({ db: t.db, clock: t.clock })).toBeGreaterThanOrEqual(1);
    expect(await waitForJob(job.id)).toMatchObject({ status: 'done', changed: 4 });
    expect((await subscriptionRow(w, set.term.sub.id)).transitionToPriceId).toBe(set.to.id);
  });

  it('answers field messages for a one-off price, the same price and a past date', async () => {
    const set = await pricedSet();
    const oneOff = await createPrice(t.db, {
      organisationId: w.tenant.organisation.id,
      offeringId: set.to.offeringId,
      amount: 9900,
      billingFrequency: 'one_off',
    });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ new_price_id: oneOff.id }, { new_price_id: [FREQUENCY_CHANGE_PROBLEMS.one_off] }],
      [{ new_price_id: set.from.id }, { new_price_id: ['Choose a different price from the current one'] }],
      [{ takes_effect_at: today() }, { takes_effect_at: ['The change must take effect after today'] }],
      [{ price_id: undefined }, { price_id: ['Value is required'] }],
      [{ state: 'cancelled' }, { state: ['Value must be one of: active, paused, grace, upcoming'] }],
    ];
    for (const [change, errors] of cases) {
      const payload = {
        price_id: set.from.id,
        new_price_id: set.to.id,
        takes_effect_at: addDays(today(), 7),
        ...change,
      };
      for (const url of [
        '/api/subscriptions/bulk-price-change/preview',
        '/api/subscriptions/bulk-price-change',
      ]) {
        const res = await call(w, w.cookies.admin, { method: 'POST', url, payload });
        expect(res.statusCode, `${url} ${JSON.stringify(change)}`).toBe(422);
        expect(res.json().errors).toEqual(errors);
      }
    }
    expect(await priceChangesOf(w, set.a1.sub.id)).toHaveLength(0);
  });

  it('keeps to the person’s gyms and organisation', async () => {
    const set = await pricedSet();
    const payload = { price_id: set.from.id, new_price_id: set.to.id, takes_effect_at: addDays(today(), 7) };
    const preview = (cookie: string, extra: Record<string, unknown> = {}) =>
      call(w, cookie, {
        method: 'POST',
        url: '/api/subscriptions/bulk-price-change/preview',
        payload: { ...payload, ...extra },
      });
    expect((await preview(w.cookies.trainer)).statusCode).toBe(403);
    expect((await preview(w.cookies.member)).statusCode).toBe(403);
    expect((await preview(w.cookies.gymAdmin, { gym_id: w.tenant.gymB.id })).statusCode).toBe(403);
    // A gym admin sees only their gym's members.
    const own = await preview(w.cookies.gymAdmin, { include_term_members: true });
    expect(own.json().data.map((r: { gym_name: string }) => r.gym_name)).not.toContain(w.tenant.gymB.name);
    expect(own.json().summary.matching).toBe(3);
    // Another organisation: its prices are not ours.
    const foreign = await preview(w.cookies.otherAdmin);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ price_id: ['Choose a price of this organisation'] });
    const started = await ok(
      w,
      w.cookies.admin,
      { method: 'POST', url: '/api/subscriptions/bulk-price-change', payload },
      202,
    );
    await waitForJob(started.data.id);
    const peek = await call(w, w.cookies.otherAdmin, {
      method: 'GET',
      url: `/api/subscriptions/bulk-price-change/${started.data.id}`,
    });
    expect(peek.statusCode).toBe(404);
    const gymAdminPeek = await call(w, w.cookies.gymAdmin, {
      method: 'GET',
      url: `/api/subscriptions/bulk-price-change/${started.data.id}`,
    });
    expect(gymAdminPeek.statusCode).toBe(403);
  });
});
