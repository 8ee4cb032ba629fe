import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGym, createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callbackQuery, stripeCalls, submitOnboarding } from './stripe-connect.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let call: ReturnType<typeof stripeCalls>;
beforeAll(async () => {
  t = await createTestApp();
  call = stripeCalls(t);
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());
afterEach(() => t.sandbox.controls.faults.clear('stripe'));

describe('who may connect a gym to Stripe', () => {
  it('lets the gym’s admin connect their gym and nobody else', async () => {
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    expect((await call.redirect(home.gymA.id, gymAdmin)).statusCode).toBe(200);
    expect((await call.status(home.gymA.id, gymAdmin)).statusCode).toBe(200);
    expect((await call.redirect(home.gymB.id, gymAdmin)).statusCode).toBe(403);
    expect((await call.status(home.gymB.id, gymAdmin)).statusCode).toBe(403);

    for (const person of [home.trainer, home.member]) {
      const cookie = await signIn(t.app, person.email);
      expect((await call.redirect(home.gymA.id, cookie)).statusCode).toBe(403);
      expect((await call.status(home.gymA.id, cookie)).statusCode).toBe(403);
    }
    expect((await call.storedGym(home.gymB.id)).stripeId).toBeNull();
  });

  it('keeps the exchange to the person who started it, in their organisation', async () => {
    const gym = await createGym(t.db, home.organisation.id);
    const { url } = (await call.redirect(gym.id, admin)).json().data;
    const query = callbackQuery(await submitOnboarding(url, 'complete'));

    const otherAdmin = await signIn(t.app, other.admin.email);
    expect((await call.exchange(query, otherAdmin)).statusCode).toBe(404);
    const trainer = await signIn(t.app, home.trainer.email);
    expect((await call.exchange(query, trainer)).statusCode).toBe(403);
    const colleague = await signIn(t.app, home.gymAdmin.email);
    const res = await call.exchange(query, colleague);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/started by someone else/);
    expect((await call.storedGym(gym.id)).stripeConnectedAt).toBeNull();
    expect((await call.exchange(query, admin)).json().data.status).toBe('connected');
  });

  it('answers another organisation’s gym as not found, with none of its data', async () => {
    const foreign = await createGym(t.db, other.organisation.id, { stripeId: 'acct_1OtherOrgSecret' });
    await expectIsolated(t.app, admin, [
      {
        name: 'redirect',
        request: { method: 'POST', url: `/api/gyms/${foreign.id}/stripe/redirect` },
        refusedWith: [404],
      },
      {
        name: 'status',
        request: { method: 'GET', url: `/api/gyms/${foreign.id}/stripe` },
        refusedWith: [404],
        mustNotContain: ['acct_1OtherOrgSecret'],
      },
    ]);
    expect((await call.storedGym(foreign.id)).stripeId).toBe('acct_1OtherOrgSecret');
  });
});

describe('when Stripe fails', () => {
  it('answers 502 with a clear message and stores no account', async () => {
    const gym = await createGym(t.db, home.organisation.id);
    t.sandbox.controls.faults.inject('stripe', { status: 503, count: -1 });
    const res = await call.redirect(gym.id, admin);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      error: 'provider_unavailable',
      message: 'Stripe did not answer. Please try again in a moment.',
    });
    expect((await call.storedGym(gym.id)).stripeId).toBeNull();
  });

  it('answers 502 for the exchange and the status, and marks nothing connected', async () => {
    const gym = await createGym(t.db, home.organisation.id);
    const { url } = (await call.redirect(gym.id, admin)).json().data;
    const query = callbackQuery(await submitOnboarding(url, 'complete'));
    t.sandbox.controls.faults.inject('stripe', { status: 500, count: -1 });
    const res = await call.exchange(query, admin);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Stripe /);
    expect((await call.status(gym.id, admin)).statusCode).toBe(502);
    expect((await call.storedGym(gym.id)).stripeConnectedAt).toBeNull();
    t.sandbox.controls.faults.clear('stripe');
    expect((await call.exchange(query, admin)).json().data.status).toBe('connected');
  });
});
