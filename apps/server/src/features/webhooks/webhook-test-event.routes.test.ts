// POST /api/webhooks/{provider}/test-event: in a sandbox each simulator sends this organisation a signed
// test event through its real webhook path, which the app records for the organisation it names, so the
// endpoint's last delivery is that event. Organisation admins only; another organisation never sees it;
// 404 with live providers; 409 when nothing of the organisation could be named.
import { webhookEndpointsAnswer, webhookTestEventAnswer } from '@gym/domain/api/webhook-calls';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessControlIntegrations, gyms, places, webhookCalls } from '../../db/schema/index';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { connectKisi, kisiApi } from '../access-control/access-control.test-support';
import { NO_KISI_PLACE, NO_STRIPE_ACCOUNT } from './webhook-test-event';
import { receiveSandboxWebhooks } from './webhooks.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
}, 60_000);
afterAll(() => t.close());

const send = (provider: string, cookie = admin) =>
  t.app.inject(pageRequest({ method: 'POST', url: `/api/webhooks/${provider}/test-event`, cookie }));
const endpoints = async (cookie: string) => {
  const res = await t.app.inject(pageRequest({ method: 'GET', url: '/api/webhooks', cookie }));
  expect(res.statusCode, res.body).toBe(200);
  expect(webhookEndpointsAnswer.safeParse(res.json()).success).toBe(true);
  return res.json().data as { provider: string; last_delivery: unknown; can_send_test_event: boolean }[];
};
const callsOf = (organisationId: number, provider: string) =>
  t.db
    .select()
    .from(webhookCalls)
    .where(and(eq(webhookCalls.organisationId, organisationId), eq(webhookCalls.provider, provider)));

describe('POST /api/webhooks/{provider}/test-event', () => {
  it('has the Akahu simulator send a signed test event that lands as this organisation’s last delivery', async () => {
    expect((await endpoints(admin)).every((e) => e.can_send_test_event)).toBe(true);
    const res = await send('akahu');
    expect(res.statusCode, res.body).toBe(200);
    expect(webhookTestEventAnswer.safeParse(res.json()).success).toBe(true);
    expect(res.json().data).toMatchObject({
      provider: 'akahu',
      event_type: 'WEBHOOK TEST_EVENT',
      delivery_status: 'delivered',
      status_code: 200,
      endpoint: {
        provider: 'akahu',
        last_delivery: { status: 'processed', event_type: 'WEBHOOK:TEST_EVENT' },
        recent_failures: [],
      },
    });
    const [call] = await callsOf(home.organisation.id, 'akahu');
    expect(call).toMatchObject({
      signatureValid: true,
      status: 'processed',
      eventType: 'WEBHOOK:TEST_EVENT',
    });
    // The page's list reads the same; another organisation's does not show it.
    const mine = (await endpoints(admin)).find((e) => e.provider === 'akahu');
    expect(mine?.last_delivery).toMatchObject({ event_type: 'WEBHOOK:TEST_EVENT' });
    const theirs = (await endpoints(await signIn(t.app, other.admin.email))).find(
      (e) => e.provider === 'akahu',
    );
    expect(theirs?.last_delivery).toBeNull();

    // Each test event is its own (not a duplicate of the last).
    expect((await send('akahu')).json().data.endpoint.last_delivery.status).toBe('processed');
    expect(await callsOf(home.organisation.id, 'akahu')).toHaveLength(2);
  });

  it('names a gym’s connected Stripe account, and says so when there is none', async () => {
    const none = await send('stripe');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(NO_STRIPE_ACCOUNT);
    const { accountId } = await t.providers.stripe.createConnectedAccount({ businessName: 'Test Gym' });
    await t.db.update(gyms).set({ stripeId: accountId }).where(eq(gyms.id, home.gymA.id));
    const res = await send('stripe');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      event_type: 'sandbox.test_event',
      delivery_status: 'delivered',
      endpoint: { last_delivery: { status: 'processed', event_type: 'sandbox.test_event' } },
    });
    expect(await callsOf(home.organisation.id, 'stripe')).toHaveLength(1);
  });

  it('names one of the organisation’s Kisi places, and says so when there is none', async () => {
    const none = await send('kisi');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(NO_KISI_PLACE);
    await connectKisi(t, home.organisation.id, admin);
    const kisiPlaceId = await kisiApi(t).createPlace('Test Central');
    const [integration] = await t.db
      .select()
      .from(accessControlIntegrations)
      .where(eq(accessControlIntegrations.organisationId, home.organisation.id));
    await t.db.insert(places).values({
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      integrationId: integration!.id,
      placeId: String(kisiPlaceId),
      name: 'Test Central',
    });
    const res = await send('kisi');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      delivery_status: 'delivered',
      endpoint: { last_delivery: { status: 'processed', event_type: 'sandbox.test_event' } },
    });
    expect(await callsOf(home.organisation.id, 'kisi')).toHaveLength(1);
  });

  it('says when the simulator did not deliver it (dropped), leaving the last delivery as it was', async () => {
    const before = (await endpoints(admin)).find((e) => e.provider === 'akahu')?.last_delivery;
    t.sandbox.controls.webhooks.drop('akahu', 1);
    const res = await send('akahu');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ delivery_status: 'dropped', status_code: null });
    expect(res.json().data.endpoint.last_delivery).toEqual(before);
  });

  it('is for organisation admins, for the three providers, and only with the sandbox', async () => {
    expect((await send('akahu', await signIn(t.app, home.gymAdmin.email))).statusCode).toBe(403);
    expect((await send('akahu', await signIn(t.app, home.member.email))).statusCode).toBe(403);
    expect((await send('akahu', '')).statusCode).toBe(401);
    const unknown = await send('paypal');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.provider[0]).toBe('Value must be one of: akahu, stripe, kisi');
    const calls = (await callsOf(home.organisation.id, 'akahu')).length;
    const env = t.env as { PROVIDERS: string };
    env.PROVIDERS = 'live';
    try {
      expect((await send('akahu')).statusCode).toBe(404);
      expect((await endpoints(admin)).some((e) => e.can_send_test_event)).toBe(false);
    } finally {
      env.PROVIDERS = 'sandbox';
    }
    expect(await callsOf(home.organisation.id, 'akahu')).toHaveLength(calls);
  });
});
