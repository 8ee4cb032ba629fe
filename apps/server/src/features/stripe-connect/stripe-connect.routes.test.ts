import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema/index';
import { createGym, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sealConnectState } from './connect-state';
import { callbackQuery, stripeCalls, submitOnboarding } from './stripe-connect.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let call: ReturnType<typeof stripeCalls>;
beforeAll(async () => {
  t = await createTestApp();
  call = stripeCalls(t);
  home = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());

describe('Stripe Connect onboarding', () => {
  it('makes the gym’s account, leads to onboarding and back, and records the connection', async () => {
    expect((await call.status(home.gymA.id, admin)).json().data).toMatchObject({
      status: 'not_connected',
      stripe_id: null,
    });

    const res = await call.redirect(home.gymA.id, admin);
    expect(res.statusCode).toBe(200);
    const { url, expires_at } = res.json().data;
    expect(url.startsWith(`${t.sandbox.stripe.url}/connect/onboarding/`)).toBe(true);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    const accountId = (await call.storedGym(home.gymA.id)).stripeId!;
    expect(accountId).toMatch(/^acct_/);
    expect((await call.status(home.gymA.id, admin)).json().data).toMatchObject({
      status: 'incomplete',
      stripe_id: accountId,
      charges_enabled: false,
    });

    // A second click keeps the account; only the link is new.
    const again = await call.redirect(home.gymA.id, admin);
    expect(again.json().data.url).not.toBe(url);
    expect((await call.storedGym(home.gymA.id)).stripeId).toBe(accountId);

    const back = await submitOnboarding(again.json().data.url, 'complete');
    expect(`${back.origin}${back.pathname}`).toBe(`${t.env.APP_URL}/stripe/callback`);
    const exchanged = await call.exchange(callbackQuery(back), admin);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().data).toEqual({
      gym_id: home.gymA.id,
      stripe_id: accountId,
      status: 'connected',
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      disabled_reason: null,
      connected_at: expect.any(String),
    });
    expect((await call.storedGym(home.gymA.id)).stripeConnectedAt).toBeInstanceOf(Date);

    const log = await t.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'gym'), eq(activityLog.subjectId, home.gymA.id)));
    expect(log.map((l) => l.action)).toEqual(['gym.stripe_account_created', 'gym.stripe_connected']);
  });

  it('answers an unfinished onboarding as such, and a later finish as connected', async () => {
    const gym = await createGym(t.db, home.organisation.id);
    const { url } = (await call.redirect(gym.id, admin)).json().data;
    const back = await submitOnboarding(url, 'exit');
    const res = await call.exchange(callbackQuery(back), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'incomplete',
      charges_enabled: false,
      details_submitted: false,
      connected_at: null,
    });
    expect((await call.storedGym(gym.id)).stripeConnectedAt).toBeNull();

    t.sandbox.controls.stripe.completeOnboarding((await call.storedGym(gym.id)).stripeId!);
    expect((await call.exchange(callbackQuery(back), admin)).json().data.status).toBe('connected');
  });

  it('replaces a stored account Stripe does not know', async () => {
    const gym = await createGym(t.db, home.organisation.id, { stripeId: 'acct_1GoneFromStripe' });
    expect((await call.status(gym.id, admin)).json().data).toMatchObject({
      status: 'account_missing',
      stripe_id: 'acct_1GoneFromStripe',
    });
    expect((await call.redirect(gym.id, admin)).statusCode).toBe(200);
    const stored = (await call.storedGym(gym.id)).stripeId!;
    expect(stored).not.toBe('acct_1GoneFromStripe');
    expect((await call.status(gym.id, admin)).json().data.status).toBe('incomplete');
  });
});

describe('POST /api/stripe/exchange validation', () => {
  it('requires the gym and the state', async () => {
    const res = await call.exchange({}, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ gym_id: ['Value is required'], state: ['Value is required'] });
    const blank = await call.exchange({ gym_id: 'x', state: '  ' }, admin);
    expect(blank.json().errors).toEqual({ gym_id: ['Value must be a number'], state: ['Value is required'] });
  });

  it('refuses a forged state, another gym’s state and an expired one', async () => {
    const gym = await createGym(t.db, home.organisation.id);
    const { url } = (await call.redirect(gym.id, admin)).json().data;
    const query = callbackQuery(await submitOnboarding(url, 'complete'));
    const invalid = { state: ['This Stripe link is not valid. Start connecting again from the gym.'] };

    const forged = await call.exchange({ ...query, state: `${query.state.slice(0, -4)}AAAA` }, admin);
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual(invalid);
    const plain = Buffer.from(
      JSON.stringify({ gymId: gym.id, organisationId: home.organisation.id, accountId: 'acct_x' }),
    ).toString('base64url');
    expect((await call.exchange({ ...query, state: plain }, admin)).json().errors).toEqual(invalid);
    const otherGym = await call.exchange({ ...query, gym_id: home.gymB.id }, admin);
    expect(otherGym.statusCode).toBe(422);
    expect(otherGym.json().errors).toEqual(invalid);

    const expired = sealConnectState(t.secrets, {
      gymId: gym.id,
      organisationId: home.organisation.id,
      userId: home.admin.id,
      accountId: (await call.storedGym(gym.id)).stripeId!,
      expiresAt: t.clock.now().getTime() - 1,
    });
    const late = await call.exchange({ gym_id: gym.id, state: expired }, admin);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({
      state: ['This Stripe link has expired. Start connecting again from the gym.'],
    });
    expect((await call.storedGym(gym.id)).stripeConnectedAt).toBeNull();
  });
});
