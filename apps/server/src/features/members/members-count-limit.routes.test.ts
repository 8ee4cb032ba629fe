// The members list's filtered total counts only up to MEMBER_COUNT_LIMIT (issue 27): past it the answer
// says so (`total_capped`, shown as '10,000+'), and the page itself is unchanged. Counted per tenant and
// per gym role like every other total.
import { MEMBER_COUNT_LIMIT } from '@gym/domain/api/members';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { catalogueOf, memberIn, type Tenant } from './members.test-support';

let t: TestApp;
let home: Tenant;
let other: Tenant;
let admin: string;
let gymAdmin: string;
let otherAdmin: string;
const tag = 'crowd';

/** Members tagged `tag`, made in one statement each table (the triggers keep the list facts). */
async function crowd(tenant: Tenant, gymId: number, count: number, prefix: string) {
  await t.db.execute(sql`with made as (
      insert into users (name, email, password_hash)
      select ${prefix} || ' ' || lpad(i::text, 5, '0'), ${prefix} || i || '@crowd.example.co.nz', 'x'
      from generate_series(1, ${count}) i
      returning id)
    insert into organisation_members (organisation_id, user_id, home_gym_id, tags)
    select ${tenant.organisation.id}, id, ${gymId}, array[${tag}]::text[] from made`);
}

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Crowd Fitness');
  other = await createTenant(t.db, 'Other Crowd');
  admin = await signIn(t.app, home.admin.email);
  gymAdmin = await signIn(t.app, home.gymAdmin.email);
  otherAdmin = await signIn(t.app, other.admin.email);
  // Past the limit in the home organisation's second gym; a few in its first gym and in the other tenant.
  await crowd(home, home.gymB.id, MEMBER_COUNT_LIMIT, 'Crowd North');
  await crowd(home, home.gymA.id, 3, 'Crowd Central');
  await crowd(other, other.gymA.id, 2, 'Crowd Other');
}, 300_000);
afterAll(() => t.close());

const list = async (query: string, cookie = admin) => {
  const res = await t.app.inject(pageRequest({ method: 'GET', url: `/api/members${query}`, cookie }));
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { id: number; name: string }[];
    meta: { total: number; total_capped: boolean; last_page: number; per_page: number };
  };
};

describe('the members list’s counted total', () => {
  it('stops at the limit and says there are more, the page unchanged', async () => {
    const page = await list(`?tag=${tag}&per_page=25`);
    expect(page.meta).toMatchObject({
      total: MEMBER_COUNT_LIMIT,
      total_capped: true,
      last_page: MEMBER_COUNT_LIMIT / 25,
    });
    // Name order, the first 25 of the 10,003: the three Central members, then North's first.
    expect(page.data.map((m) => m.name).slice(0, 5)).toEqual([
      'Crowd Central 00001',
      'Crowd Central 00002',
      'Crowd Central 00003',
      'Crowd North 00001',
      'Crowd North 00002',
    ]);
    expect(page.data).toHaveLength(25);
  });

  it('is exact below the limit, within one gym and for a gym role', async () => {
    expect((await list(`?tag=${tag}&gym_id=${home.gymA.id}`)).meta).toMatchObject({
      total: 3,
      total_capped: false,
    });
    // The gym admin of the first gym counts their gym's members only.
    const scoped = await list(`?tag=${tag}`, gymAdmin);
    expect(scoped.meta).toMatchObject({ total: 3, total_capped: false });
    expect(scoped.data.map((m) => m.name)).toEqual([
      'Crowd Central 00001',
      'Crowd Central 00002',
      'Crowd Central 00003',
    ]);
  });

  it('reads the memberships for the other sorts, in the same scope and order', async () => {
    // Joined and last visit start from the memberships (not the whole-name rows): the same members.
    const joined = await list(`?tag=${tag}&sort=joined&direction=desc&per_page=100`, gymAdmin);
    expect(joined.meta).toMatchObject({ total: 3, total_capped: false });
    expect(joined.data.map((m) => m.name).sort()).toEqual([
      'Crowd Central 00001',
      'Crowd Central 00002',
      'Crowd Central 00003',
    ]);
    const other = await list(`?tag=${tag}&sort=last_visit`, otherAdmin);
    expect(other.data.map((m) => m.name)).toEqual(['Crowd Other 00001', 'Crowd Other 00002']);
    const whole = await list(`?tag=${tag}&sort=joined&per_page=25`);
    expect(whole.meta).toMatchObject({ total: MEMBER_COUNT_LIMIT, total_capped: true });
    expect(whole.data).toHaveLength(25);
  });

  it('counts one organisation only', async () => {
    const page = await list(`?tag=${tag}`, otherAdmin);
    expect(page.meta).toMatchObject({ total: 2, total_capped: false });
    expect(page.data.map((m) => m.name)).toEqual(['Crowd Other 00001', 'Crowd Other 00002']);
  });

  it('keeps the unfiltered total exact from the kept counts', async () => {
    const page = await list('?per_page=1');
    expect(page.meta.total).toBeGreaterThan(MEMBER_COUNT_LIMIT);
    expect(page.meta.total_capped).toBe(false);
  });

  it('keeps a filter matching a few exact, with a member in a state', async () => {
    const cat = await catalogueOf(t.db, home);
    await memberIn(t.db, {
      tenant: home,
      gymId: home.gymA.id,
      priceId: cat.weekly.id,
      state: 'grace',
      now: t.clock.now(),
      name: 'Crowd Grace',
    });
    const page = await list('?state=grace');
    expect(page.meta).toMatchObject({ total: 1, total_capped: false });
    expect(page.data.map((m) => m.name)).toEqual(['Crowd Grace']);
  });
});
