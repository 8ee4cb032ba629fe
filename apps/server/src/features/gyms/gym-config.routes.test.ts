import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, gyms } from '../../db/schema/index';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());

const put = (url: string, payload: unknown, cookie = admin) =>
  t.app.inject(pageRequest({ method: 'PUT', url, cookie, payload: payload as object }));
const stored = async () => (await t.db.select().from(gyms).where(eq(gyms.id, home.gymA.id)))[0]!;

describe('PUT /api/gyms/{id}/branch-config', () => {
  const url = () => `/api/gyms/${home.gymA.id}/branch-config`;

  it('requires the secret the first time, then keeps it when sent blank', async () => {
    const first = await put(url(), { branch_app_id: 'app-1', branch_key: 'key_live_abc' });
    expect(first.statusCode).toBe(422);
    expect(first.json().errors).toEqual({ branch_secret: ['The value is required'] });

    const set = await put(url(), {
      branch_app_id: 'app-1',
      branch_key: 'key_live_abc',
      branch_secret: 'secret_live_xyz',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      branch_app_id: 'app-1',
      branch_key: 'key_live_abc',
      branch_secret_set: true,
    });
    expect(set.body).not.toContain('secret_live_xyz');
    const sealed = (await stored()).branchSecret!;
    expect(sealed).toMatch(/^v1:/);
    expect(t.secrets.open(sealed)).toBe('secret_live_xyz');

    const kept = await put(url(), { branch_app_id: 'app-2', branch_key: 'key_live_def', branch_secret: '' });
    expect(kept.statusCode).toBe(200);
    expect(t.secrets.open((await stored()).branchSecret!)).toBe('secret_live_xyz');
    expect((await stored()).branchAppId).toBe('app-2');
  });

  it('requires the app id and key', async () => {
    const res = await put(url(), { branch_app_id: ' ', branch_key: null, branch_secret: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      branch_app_id: ['Value is required'],
      branch_key: ['Value is required'],
    });
  });

  it('never writes a secret into the activity log', async () => {
    const log = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'gym.branch_config_changed'));
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify(log.map((l) => l.data))).not.toContain('secret_live');
  });
});

describe('PUT /api/gyms/{id}/akahu-config', () => {
  const url = () => `/api/gyms/${home.gymA.id}/akahu-config`;

  it('stores the app token and the sealed secret, answering only that a secret is set', async () => {
    const missing = await put(url(), {});
    expect(missing.json().errors).toEqual({ akahu_app_token: ['Value is required'] });
    const noSecret = await put(url(), { akahu_app_token: 'app_token_ckabc' });
    expect(noSecret.json().errors).toEqual({ akahu_app_secret: ['The value is required'] });

    const res = await put(url(), {
      akahu_app_token: 'app_token_ckabc',
      akahu_app_secret: 'akahu-app-secret-123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ akahu_app_token: 'app_token_ckabc', akahu_app_secret_set: true });
    expect(res.body).not.toContain('akahu-app-secret-123');
    expect(t.secrets.open((await stored()).akahuAppSecret!)).toBe('akahu-app-secret-123');

    const replaced = await put(url(), {
      akahu_app_token: 'app_token_ckabc',
      akahu_app_secret: 'rotated-secret',
    });
    expect(replaced.statusCode).toBe(200);
    expect(t.secrets.open((await stored()).akahuAppSecret!)).toBe('rotated-secret');
  });

  it('lets the gym’s admin set it, and nobody else', async () => {
    const body = { akahu_app_token: 'app_token_gymadmin', akahu_app_secret: 's' };
    expect((await put(url(), body, await signIn(t.app, home.gymAdmin.email))).statusCode).toBe(200);
    expect((await put(url(), body, await signIn(t.app, home.trainer.email))).statusCode).toBe(403);
    expect(
      (await put(`/api/gyms/${home.gymB.id}/akahu-config`, body, await signIn(t.app, home.gymAdmin.email)))
        .statusCode,
    ).toBe(403);
  });
});
