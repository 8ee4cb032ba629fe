// GET /api/webhook-calls: the current organisation's calls for its admins, newest first, filtered and
// paginated; another organisation's calls and calls of no organisation are never listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories';
import { createWebhookCall } from '../../test/gym-factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
const calls: Record<string, { id: number; externalId: string | null }> = {};

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
  const at = (day: number) => new Date(Date.UTC(2025, 0, day));
  const org = home.organisation.id;
  calls.akahu = await createWebhookCall(t.db, { organisationId: org, receivedAt: at(1) });
  calls.stripe = await createWebhookCall(t.db, {
    organisationId: org,
    provider: 'stripe',
    eventType: 'payment_intent.succeeded',
    receivedAt: at(2),
  });
  calls.stripeFailed = await createWebhookCall(t.db, {
    organisationId: org,
    provider: 'stripe',
    status: 'failed',
    receivedAt: at(3),
  });
  calls.kisi = await createWebhookCall(t.db, { organisationId: org, provider: 'kisi', receivedAt: at(4) });
  calls.otherOrganisation = await createWebhookCall(t.db, { organisationId: other.organisation.id });
  calls.noOrganisation = await createWebhookCall(t.db, { organisationId: null, status: 'rejected' });
});
afterAll(() => t.close());

const list = (query: string, cookie = admin) =>
  t.app.inject(pageRequest({ method: 'GET', url: `/api/webhook-calls${query}`, cookie }));
const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((c) => c.id);

describe('GET /api/webhook-calls', () => {
  it('lists the organisation’s calls newest first, paginated', async () => {
    const first = await list('?per_page=3');
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ current_page: 1, per_page: 3, total: 4, last_page: 2 });
    expect(ids(first)).toEqual([calls.kisi!.id, calls.stripeFailed!.id, calls.stripe!.id]);
    expect(ids(await list('?per_page=3&page=2'))).toEqual([calls.akahu!.id]);
    expect(first.json().data[2]).toEqual({
      id: calls.stripe!.id,
      provider: 'stripe',
      event_type: 'payment_intent.succeeded',
      external_id: calls.stripe!.externalId,
      signature_valid: true,
      status: 'processed',
      error: null,
      note: null,
      headers: { 'x-akahu-signature': 'never-shown' },
      payload: { webhook_type: 'PAYMENT', webhook_code: 'UPDATE' },
      received_at: '2025-01-02T00:00:00.000Z',
      processed_at: null,
    });
    expect(first.body).not.toContain('raw-body-never-shown');
  });

  it('filters by provider and status', async () => {
    expect(ids(await list('?provider=stripe'))).toEqual([calls.stripeFailed!.id, calls.stripe!.id]);
    expect(ids(await list('?provider=stripe&status=failed'))).toEqual([calls.stripeFailed!.id]);
    expect(ids(await list('?status=rejected'))).toEqual([]);
  });

  it('refuses a bad query with 422 and the fields at fault', async () => {
    const bad = await list('?provider=paypal&status=bogus&per_page=500&page=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'per_page', 'provider', 'status']);
  });

  it('shows another organisation’s admin only their own calls, and refuses everyone else', async () => {
    const otherAdmin = await signIn(t.app, other.admin.email);
    expect(ids(await list('', otherAdmin))).toEqual([calls.otherOrganisation!.id]);
    for (const email of [home.gymAdmin.email, home.trainer.email, home.member.email]) {
      await expectIsolated(t.app, await signIn(t.app, email), [
        {
          name: `${email} GET /api/webhook-calls`,
          request: { method: 'GET', url: '/api/webhook-calls' },
          refusedWith: [403],
          mustNotContain: [calls.akahu!.externalId!],
        },
      ]);
    }
    expect((await t.app.inject(pageRequest({ method: 'GET', url: '/api/webhook-calls' }))).statusCode).toBe(
      401,
    );
  });
});
