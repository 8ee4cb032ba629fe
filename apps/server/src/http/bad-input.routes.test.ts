// Input no client should send still gets a clear 4xx, never a 5xx: NUL bytes and lone surrogates in any
// text, broken multipart, deeply nested or huge webhook bodies, signed events that are not JSON.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, webhookCalls } from '../db/schema/index';
import { pruneWebhookCalls } from '../features/webhooks/webhook-calls.repository';
import { createTenant } from '../test/factories';
import { signIn } from '../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());

const UNSAFE = ['nul\u0000byte', 'lone \ud800 surrogate', 'lone \udfff low'];

describe('text no one should send', () => {
  it('is refused with 422 and a message at the field, in bodies, nested bodies and queries', async () => {
    const before = (
      await t.db.select().from(organisations).where(eq(organisations.id, home.organisation.id))
    )[0];
    for (const text of UNSAFE) {
      const rename = await t.app.inject(
        pageRequest({
          method: 'PUT',
          url: `/api/organisations/${home.organisation.id}`,
          cookie: admin,
          payload: { name: text },
        }),
      );
      expect(rename.statusCode, JSON.stringify(text)).toBe(422);
      expect(rename.json().errors.name).toEqual(['This text contains characters that are not allowed']);
      const gym = await t.app.inject(
        pageRequest({
          method: 'PUT',
          url: `/api/gyms/${home.gymA.id}`,
          cookie: admin,
          payload: { name: text },
        }),
      );
      expect(gym.statusCode).toBe(422);
      const search = await t.app.inject(
        pageRequest({ method: 'POST', url: '/api/search', cookie: admin, payload: { query: text } }),
      );
      expect(search.statusCode).toBe(422);
      const offering = await t.app.inject(
        pageRequest({
          method: 'POST',
          url: '/api/offerings',
          cookie: admin,
          payload: { name: 'Fine', prices: [{ amount: 100, billing_frequency: 'weekly', note: text }] },
        }),
      );
      expect(offering.statusCode).toBe(422);
      expect(offering.json().errors['prices.0.note']).toEqual([
        'This text contains characters that are not allowed',
      ]);
    }
    const after = (
      await t.db.select().from(organisations).where(eq(organisations.id, home.organisation.id))
    )[0];
    expect(after!.name).toBe(before!.name);
  });

  it('a non-ASCII Kisi API key is a 422 at the field, not a 502, and is not echoed', async () => {
    const res = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${home.organisation.id}/access-control/integration`,
        cookie: admin,
        payload: { integration_type: 'kisi', api_key: 'key-with-€-sign' },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.api_key).toEqual([
      'The API key may contain only letters, digits and symbols, without spaces',
    ]);
    expect(res.body).not.toContain('€');
  });
});

describe('broken multipart', () => {
  it('without a boundary, or cut short, is a 4xx', async () => {
    const url = `/api/gyms/${home.gymA.id}/logo`;
    const noBoundary = await t.app.inject(
      pageRequest({
        method: 'POST',
        url,
        cookie: admin,
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'whatever',
      }),
    );
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const cut = await t.app.inject(
      pageRequest({
        method: 'POST',
        url,
        cookie: admin,
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
        payload:
          '--XYZ\r\nContent-Disposition: form-data; name="collection"\r\n\r\nlogo\r\n--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      }),
    );
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
  });
});

describe('webhook bodies', () => {
  const send = (
    provider: string,
    payload: string,
    headers: Record<string, string> = {},
    remoteAddress = '10.50.0.1',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
      remoteAddress,
    });

  it('a deeply nested unsigned body is refused and recorded (as text), not a 500', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const res = await send('kisi', deep);
    expect(res.statusCode).toBeLessThan(500);
    const res2 = await send('stripe', `{"a":${deep}}`);
    expect(res2.statusCode).toBe(400);
  });

  it('a NUL byte in an unsigned body is refused and recorded, not a 500', async () => {
    const res = await send('stripe', '{"id":"evt_\u0000x","type":"a\ud800"}');
    expect(res.statusCode).toBe(400);
  });

  it('a huge body is refused before it is read (413), and a refused one is kept only in part', async () => {
    const huge = await send('kisi', `{"pad":"${'x'.repeat(1024 * 1024)}"}`, {}, '10.51.0.1');
    expect(huge.statusCode).toBe(413);
    const medium = await send('stripe', `{"pad":"${'y'.repeat(100_000)}"}`, {}, '10.51.0.2');
    expect(medium.statusCode).toBe(400);
    const [kept] = await t.db
      .select({ rawBody: webhookCalls.rawBody })
      .from(webhookCalls)
      .where(eq(webhookCalls.id, await lastCallId()));
    expect(kept?.rawBody?.length).toBe(2048);
  });

  it('slows one address sending many refused calls (429), keeping nothing more', async () => {
    let last = 0;
    for (let i = 0; i < 62; i++) last = (await send('kisi', '{}', {}, '10.52.0.1')).statusCode;
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await send('kisi', '{}', {}, '10.52.0.2')).statusCode).not.toBe(429);
  });
});

async function lastCallId() {
  const rows = await t.db.select({ id: webhookCalls.id }).from(webhookCalls);
  return Math.max(...rows.map((row) => row.id));
}

describe('webhook call retention', () => {
  it('prunes calls received before the retention window and keeps the rest', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 91 * 86_400_000);
    const base = {
      organisationId: null,
      eventType: null,
      externalId: null,
      signatureValid: false,
      status: 'rejected' as const,
      error: 'invalid_signature: test',
      headers: {},
      payload: null,
      rawBody: '{}',
      processedAt: null,
    };
    const [oldCall] = await t.db
      .insert(webhookCalls)
      .values({ ...base, provider: 'kisi', receivedAt: old })
      .returning({ id: webhookCalls.id });
    const [recent] = await t.db
      .insert(webhookCalls)
      .values({ ...base, provider: 'kisi', receivedAt: now })
      .returning({ id: webhookCalls.id });
    expect(await pruneWebhookCalls(t.db, now, 90)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ id: webhookCalls.id }).from(webhookCalls)).map((row) => row.id);
    expect(left).not.toContain(oldCall!.id);
    expect(left).toContain(recent!.id);
  });
});
