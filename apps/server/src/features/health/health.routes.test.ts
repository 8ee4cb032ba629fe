import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { shutDown } from '../../lifecycle';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/ready', () => {
  it('is ready with the database reachable, every migration applied and the file store reachable', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      status: 'ready',
      checks: { process: 'ok', database: 'ok', migrations: 'ok', storage: 'ok' },
    });
  });

  it('is not ready while the database lacks this code’s newest migration', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.db,
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
          returning id, hash, created_at`,
    );
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().data.checks).toMatchObject({ database: 'ok', migrations: 'behind' });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready when the file store cannot be reached, though the process lives', async () => {
    const broken = await createTestApp({
      STORAGE_URL: 's3://k:s@gym-nowhere?endpoint=http%3A%2F%2F127.0.0.1%3A9&region=us-east-1',
    });
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data.checks).toMatchObject({ database: 'ok', storage: 'failing' });
      expect((await broken.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('shutting down (SIGTERM)', () => {
  it('stops being ready, finishes the request in flight, refuses new connections, then closes the rest', async () => {
    const s = await createTestApp();
    const tenant = await createTenant(s.db);
    const cookie = await signIn(s.app, tenant.admin.email);
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = s.app.server.address() as AddressInfo;
    const url = (path: string) => `http://127.0.0.1:${port}${path}`;

    // A logo upload whose body arrives slowly: in flight when the stop begins.
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const boundary = 'slow-upload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="collection"\r\n\r\nlogo\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.concat([png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url(`/api/gyms/${tenant.gymA.id}/logo`),
        {
          method: 'POST',
          headers: {
            cookie,
            'x-requested-with': 'XMLHttpRequest',
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + tail.length,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(head);
      setTimeout(() => req.end(tail), 1_500);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const closedAfter: string[] = [];
    const stopping = shutDown({
      lifecycle: s.lifecycle,
      app: s.app,
      drainMs: 500,
      after: [() => closedAfter.push('database')],
    });
    // Draining: still listening, but readiness says no, so the balancer sends no more.
    const draining = await fetch(url('/api/ready'));
    expect(draining.status).toBe(503);
    expect(((await draining.json()) as { data: { checks: { process: string } } }).data.checks.process).toBe(
      'draining',
    );
    expect(closedAfter).toEqual([]);

    const upload = await answered;
    expect(upload.status, upload.body).toBe(200);
    await stopping;
    expect(closedAfter).toEqual(['database']);
    await expect(fetch(url('/api/health'))).rejects.toThrow();
    await s.close();
  });
});
