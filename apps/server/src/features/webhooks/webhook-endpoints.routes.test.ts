// GET /api/webhooks: each provider's endpoint for the organisation, whether the (sandbox) provider sends
// there, the last call and the failures of the last 7 days; organisation admins only, and another
// organisation's calls never counted.
import { webhookEndpointsAnswer } from '@gym/domain/api/webhook-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories';
import { createWebhookCall } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  const org = home.organisation.id;
  const ago = (days: number) => new Date(t.clock.now().getTime() - days * 86_400_000);
  await createWebhookCall(t.db, {
    organisationId: org,
    provider: 'stripe',
    status: 'failed',
    receivedAt: ago(10),
  });
  await createWebhookCall(t.db, {
    organisationId: org,
    provider: 'stripe',
    status: 'failed',
    receivedAt: ago(2),
  });
  await createWebhookCall(t.db, {
    organisationId: org,
    provider: 'stripe',
    status: 'rejected',
    receivedAt: ago(1),
  });
  await createWebhookCall(t.db, {
    organisationId: org,
    provider: 'stripe',
    eventType: 'payment_intent.succeeded',
    receivedAt: ago(0.5),
  });
  await createWebhookCall(t.db, {
    organisationId: org,
    provider: 'kisi',
    eventType: 'lock.unlock',
    receivedAt: ago(3),
  });
  await createWebhookCall(t.db, {
    organisationId: other.organisation.id,
    provider: 'akahu',
    status: 'failed',
  });
  // The Kisi simulator sends to this app; the Stripe one elsewhere; the Akahu one nowhere.
  t.sandbox.controls.webhooks.setTarget('kisi', `${t.env.APP_URL}/api/webhooks/kisi`);
  t.sandbox.controls.webhooks.setTarget('stripe', 'http://127.0.0.1:9/elsewhere');
  t.sandbox.controls.webhooks.setTarget('akahu', null);
});
afterAll(() => t.close());

const get = (cookie: string) => t.app.inject(pageRequest({ method: 'GET', url: '/api/webhooks', cookie }));

describe('GET /api/webhooks', () => {
  it('shows each endpoint, whether the provider sends there, the last call and recent failures', async () => {
    const res = await get(await signIn(t.app, home.admin.email));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(webhookEndpointsAnswer.safeParse(body).success).toBe(true);
    const [akahu, stripe, kisi] = body.data;
    expect(akahu).toMatchObject({
      provider: 'akahu',
      endpoint_url: `${t.env.APP_URL}/api/webhooks/akahu`,
      registered: false,
      registration_note: 'The simulator sends nowhere.',
      last_delivery: null,
      recent_failures: [],
      failures_last_7_days: 0,
    });
    expect(stripe).toMatchObject({
      registered: false,
      registration_note: 'The simulator sends to http://127.0.0.1:9/elsewhere.',
      last_delivery: { status: 'processed', event_type: 'payment_intent.succeeded' },
      failures_last_7_days: 2,
    });
    expect(stripe.recent_failures.map((f: { status: string }) => f.status)).toEqual(['rejected', 'failed']);
    expect(kisi).toMatchObject({
      registered: true,
      registration_note: null,
      last_delivery: { status: 'processed', event_type: 'lock.unlock' },
      failures_last_7_days: 0,
    });
  });

  it('is for organisation admins only', async () => {
    expect((await get(await signIn(t.app, home.gymAdmin.email))).statusCode).toBe(403);
    expect((await get(await signIn(t.app, home.member.email))).statusCode).toBe(403);
    expect((await t.app.inject(pageRequest({ method: 'GET', url: '/api/webhooks' }))).statusCode).toBe(401);
  });
});
