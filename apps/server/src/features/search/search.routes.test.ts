import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let zoe: { id: number; email: string };
let outsider: { id: number; email: string };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  zoe = await createMember(t.db, {
    organisationId: home.organisation.id,
    gymId: home.gymB.id,
    user: { name: 'Zoë Te Whāiti', email: 'zoe.tewhaiti@example.co.nz' },
  });
  outsider = await createMember(t.db, {
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
    user: { name: 'Zoe Outsider', email: 'zoe.outsider@example.co.nz' },
  });
});
afterAll(() => t.close());

const search = (cookie: string, query: unknown) =>
  t.app.inject(pageRequest({ method: 'POST', url: '/api/search', cookie, payload: { query } }));

describe('POST /api/search', () => {
  it('finds members by partial name, ignoring case and accents, within the organisation only', async () => {
    const cookie = await signIn(t.app, home.admin.email);
    for (const query of ['zoe', 'ZOË', 'whaiti', 'tewhaiti@example']) {
      const res = await search(cookie, query);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ id: zoe.id, name: 'Zoë Te Whāiti', email: zoe.email }]);
    }
  });

  it('answers an empty list for a blank query and treats % and _ literally', async () => {
    const cookie = await signIn(t.app, home.admin.email);
    expect((await search(cookie, '   ')).json()).toEqual({ data: [] });
    expect((await search(cookie, '%')).json()).toEqual({ data: [] });
  });

  it('limits gym staff to members of their gyms', async () => {
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    expect((await search(gymAdmin, 'zoe')).json().data).toEqual([]);
  });

  it('validates the body', async () => {
    const cookie = await signIn(t.app, home.admin.email);
    const res = await search(cookie, undefined);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.query).toEqual(['Value is required']);
  });

  it('never shows another organisation’s members, and refuses members', async () => {
    const cookie = await signIn(t.app, other.admin.email);
    const res = await search(cookie, 'Te Whāiti');
    expect(res.json().data).toEqual([]);
    expect(res.body).not.toContain(zoe.email);
    const member = await signIn(t.app, outsider.email);
    await expectIsolated(t.app, member, [
      {
        name: 'member searching',
        request: { method: 'POST', url: '/api/search', payload: { query: 'zoe' } },
        refusedWith: [403],
      },
    ]);
  });
});
