// What the replica serves is decided in db/read-replica.ts: here the "replica" is a second, empty database,
// so a read that went there finds none of the tenant the test made on the primary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../test/factories';
import { signIn } from '../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../test/test-app';
import { REPLICA_MAY_SERVE, readerFor } from './read-replica';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { replica: true });
  tenant = await createTenant(t.db);
  admin = await signIn(t.app, tenant.admin.email);
});
afterAll(() => t.close());

describe('reads a replica may serve', () => {
  it('is figures and exports, never lists; without a replica everything reads the primary', () => {
    expect(REPLICA_MAY_SERVE).toEqual({ dashboardFigures: true, exports: true, lists: false });
    const primary = t.db;
    const replica = {} as typeof t.db;
    expect(readerFor({ db: primary, replicaDb: replica }, 'exports')).toBe(replica);
    expect(readerFor({ db: primary, replicaDb: replica }, 'dashboardFigures')).toBe(replica);
    expect(readerFor({ db: primary, replicaDb: replica }, 'lists')).toBe(primary);
    expect(readerFor({ db: primary }, 'exports')).toBe(primary);
  });

  it('sends an export to the replica, while the list and the permission check read the primary', async () => {
    const list = await t.app.inject(pageRequest({ method: 'GET', url: '/api/members', cookie: admin }));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    // The replica (here: a database that never received the tenant) answers the export: a header only.
    const csv = await t.app.inject(
      pageRequest({ method: 'POST', url: '/api/members/export', cookie: admin, payload: {} }),
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
  });
});
