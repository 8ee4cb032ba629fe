// Defences that hold for every route: cross-site changes refused on the matched route, security headers on
// page, assets and API, proxies believed only as configured, developer tools absent in production, and
// credentials kept out of the logs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageBypassLinks, rateLimits } from '../db/schema/index';
import { serializers } from '../logger';
import { createTenant, createUser } from '../test/factories';
import { signIn } from '../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../test/test-app';

const dist = mkdtempSync(join(tmpdir(), 'gym-dist-'));
const PAGE = '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>';
writeFileSync(join(dist, 'index.html'), PAGE);
writeFileSync(join(dist, 'join.html'), PAGE);

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { mailbox: true, webDistDir: dist });
  home = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const bypassLinks = () =>
  t.db.select().from(ageBypassLinks).where(eq(ageBypassLinks.organisationId, home.organisation.id));

describe('cross-site changes', () => {
  it('refuses a percent-encoded path without the page header, as the plain one (403), changing nothing', async () => {
    const before = await bypassLinks();
    for (const url of [
      `/api/organisations/${home.organisation.id}/age-bypass-links`,
      `/%61pi/organisations/${home.organisation.id}/age-bypass-links`,
      `/%61%70%69/organisations/${home.organisation.id}/age-bypass-links`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: admin, 'content-type': 'text/plain', origin: 'https://evil.example' },
        payload: '{}',
      });
      expect(res.statusCode, url).toBe(403);
    }
    const logout = await t.app.inject({ method: 'POST', url: '/%61pi/logout', headers: { cookie: admin } });
    expect(logout.statusCode).toBe(403);
    expect(await bypassLinks()).toEqual(before);
    const me = await t.app.inject(pageRequest({ method: 'GET', url: '/api/me', cookie: admin }));
    expect(me.statusCode).toBe(200);
  });

  it('refuses a change from another site even with the page header', async () => {
    const before = await bypassLinks();
    const foreign = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${home.organisation.id}/age-bypass-links`,
        cookie: admin,
        headers: { origin: 'https://evil.example' },
        payload: {},
      }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This request came from another site, so it was refused.');
    const crossSite = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${home.organisation.id}/age-bypass-links`,
        cookie: admin,
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: {},
      }),
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await bypassLinks()).toEqual(before);
  });

  it('accepts the page’s own change from its own origin', async () => {
    const res = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${home.organisation.id}/age-bypass-links`,
        cookie: admin,
        headers: { origin: t.env.APP_URL, 'sec-fetch-site': 'same-origin' },
        payload: {},
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('leaves provider webhooks to their signatures', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/webhooks/kisi',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).not.toBe(403);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('security headers', () => {
  const staffHost = () => new URL(t.env.APP_URL).host;
  const joinHost = () => new URL(t.env.REGISTER_URL).host;
  const expectCommon = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  };

  it('are on API answers, with a policy that allows nothing to run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: staffHost() } });
    expectCommon(res.headers);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on the staff page, which may not use the camera, and allow only its own config script inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { host: staffHost() } });
    expect(res.statusCode).toBe(200);
    expectCommon(res.headers);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
  });

  it('are on the join page, which may use the camera for the member’s photo', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: joinHost() } });
    expect(res.statusCode).toBe(200);
    expectCommon(res.headers);
    expect(res.headers['permissions-policy']).toMatch(/camera=\(self\)/);
  });
});

describe('proxies', () => {
  it('do not let X-Forwarded-For dodge the per-address sign-in limit when none is configured', async () => {
    let last = 0;
    for (let i = 0; i < 32; i++) {
      last = (
        await t.app.inject(
          pageRequest({
            method: 'POST',
            url: '/api/login',
            payload: { email: `nobody${i}@example.co.nz`, password: 'whatever-pass' },
            remoteAddress: '10.77.0.1',
            headers: { 'x-forwarded-for': `203.0.113.${i}` },
          }),
        )
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('believe exactly the configured hops', async () => {
    const proxied = await createTestApp({ TRUST_PROXY_HOPS: '1' });
    try {
      const user = await createUser(proxied.db, { isStaff: false });
      await proxied.app.inject(
        pageRequest({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'wrong-password-1' },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' },
        }),
      );
      // One proxy: the address it saw is the client; the rest of the chain is the client's to invent.
      const counted = await proxied.db.select({ key: rateLimits.key }).from(rateLimits);
      expect(counted.map((row) => row.key)).toContain('login:ip:203.0.113.9');
      expect(counted.map((row) => row.key).filter((key) => key.startsWith('login:ip:'))).toEqual([
        'login:ip:203.0.113.9',
      ]);
      // Over https as the proxy says: HSTS; over plain http no such header.
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const plain = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.2',
      });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('developer tools', () => {
  it('the mailbox is there in a sandbox outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
  });

  it('nothing under /api/dev exists in production, even with a mail capture', async () => {
    const production = await createTestApp(
      {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      },
      { mailbox: true },
    );
    try {
      for (const url of ['/api/dev/mailbox', '/api/dev/mailbox.json', '/api/dev/clock']) {
        expect((await production.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});

describe('logs', () => {
  it('keep tokens out of logged addresses and values out of failed queries', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ serializers }, sink);
    logger.info(
      { req: { method: 'GET', url: '/reset-password?token=abc123secret&email=a%40b.nz' } },
      'request',
    );
    const failed = Object.assign(
      new Error('Failed query: select 1 where email = $1\nparams: ana@example.co.nz'),
      {
        params: ['ana@example.co.nz'],
      },
    );
    logger.error({ err: failed }, 'query failed');
    const all = lines.join('\n');
    expect(all).not.toContain('abc123secret');
    expect(all).toContain('token=[redacted]');
    expect(all).not.toContain('ana@example.co.nz');
    expect(all).toContain('Failed query: select 1 where email = $1');
  });
});
