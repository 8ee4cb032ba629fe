import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = `metrics-${randomUUID()}`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
};

/** The value of one series in Prometheus text (0 when absent). */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('GET /api/metrics', () => {
  it('is not there without METRICS_TOKEN, and refuses a scraper without the token', async () => {
    const closed = await createTestApp();
    try {
      expect((await closed.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('gym_http_requests_total');
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const series = 'gym_http_requests_total{route="/api/health",method="GET",status="200"}';
    const before = value(await scrape(), series);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/gyms/123456789' });
    const text = await scrape();
    expect(value(text, series)).toBe(before + 3);
    expect(text).toMatch(/gym_http_requests_total\{route="\/api\/gyms\/:id",method="GET",status="401"\} \d+/);
    expect(
      value(text, 'gym_http_request_duration_seconds_count{route="/api/health",method="GET",status="200"}'),
    ).toBe(before + 3);
  });

  it('counts provider calls and failures by provider', async () => {
    const answered =
      'gym_provider_calls_total{provider="stripe",call="createConnectedAccount",outcome="answered"}';
    const failed = 'gym_provider_calls_total{provider="stripe",call="completeOnboarding",outcome="failed"}';
    const before = await scrape();
    await t.providers.stripe.createConnectedAccount({ email: 'owner@example.co.nz' });
    await expect(t.providers.stripe.completeOnboarding('acct_not_there')).rejects.toThrow();
    const after = await scrape();
    expect(value(after, answered)).toBe(value(before, answered) + 1);
    expect(value(after, failed)).toBe(value(before, failed) + 1);
  });

  it('reads the shared figures from the database: outbox depth, webhook backlog, the billing run', async () => {
    const before = await scrape();
    await t.db.execute(sql`insert into outbound_emails (key, template, to_address, subject, html, text)
      values (${randomUUID()}, 'test', 'a@example.co.nz', 'Hello', '<p>Hi</p>', 'Hi')`);
    await t.db.execute(sql`insert into webhook_calls (provider, signature_valid, status)
      values ('akahu', true, 'received'), ('akahu', true, 'processed')`);
    const after = await scrape();
    expect(value(after, 'gym_mail_outbox_queued')).toBe(value(before, 'gym_mail_outbox_queued') + 1);
    const backlog = 'gym_webhook_backlog{provider="akahu"}';
    expect(value(after, backlog)).toBe(value(before, backlog) + 1);
    // No billing day has run on this database: the lag is the time since today's midnight in Auckland.
    const lag = value(after, 'gym_billing_lag_seconds');
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThanOrEqual(25 * 3600);
    expect(after).toContain('gym_billing_last_run_duration_seconds');
    // The pool's connections (a PostgreSQL server; embedded PGlite has no pool).
    if (t.database.kind === 'postgres')
      expect(after).toMatch(/gym_db_pool_connections\{pool="primary",state="total"\} [1-9]/);
  });
});
