import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMembers, users } from '../../db/schema/index';
import { createMember, createTenant, unique } from '../../test/factories';
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

  it('orders exact, then starts-with (name, any word of it, email), then contains', async () => {
    const tenant = await createTenant(t.db);
    // Digits only: a hex letter in every email would let the contains match find "b" in all of them.
    const tag = unique('x')
      .slice(2)
      .replace(/[^0-9]/g, (c) => String(c.charCodeAt(0) % 10));
    const add = (name: string, email: string) =>
      createMember(t.db, {
        organisationId: tenant.organisation.id,
        gymId: tenant.gymA.id,
        user: { name, email: `${email}.${tag}@example.co.nz` },
      });
    // Made in an order unlike the answer's, so the order comes from the search.
    const carl = await add('Carl Goldsmith', 'carl.g');
    const bea = await add('Bea Smithers', 'bea.s');
    const dee = await add('Dee Ng', 'smithy.dee');
    const brown = await add('Smith Brown', 'sb');
    const ana = await add('Ana Smith', 'ana.s');
    await add('Eve Stone', 'eve.stone');
    const cookie = await signIn(t.app, tenant.admin.email);
    const ids = async (query: string) =>
      ((await search(cookie, query)).json().data as { id: number }[]).map((r) => r.id);
    expect(await ids('smith')).toEqual([ana.id, brown.id, bea.id, dee.id, carl.id]);
    // Words in any order, each the start of a word: "smith b" is Smith Brown and Bea Smithers.
    expect(await ids('SMITH b')).toEqual([brown.id, bea.id]);
    // A word of the email's local part.
    expect(await ids(`dee.${tag}`)).toEqual([dee.id]);
  });

  it('finds a member by the starts of their words in any order, and by mobile number', async () => {
    const tenant = await createTenant(t.db);
    const tag = unique('w').slice(2);
    const add = (name: string, mobileNumber: string | null) =>
      createMember(t.db, {
        organisationId: tenant.organisation.id,
        gymId: tenant.gymA.id,
        user: { name, mobileNumber, email: `${unique('m')}@example.co.nz` },
      });
    const angus = await add(`Angus Fifita${tag}`, '021 555 0199');
    const fiona = await add(`Fiona Angell${tag}`, '+64 22 444 0123');
    await add(`Angela Smith${tag}`, null);
    const cookie = await signIn(t.app, tenant.admin.email);
    const ids = async (query: string) =>
      ((await search(cookie, query)).json().data as { id: number }[]).map((r) => r.id);
    for (const query of ['Angu Fif', 'fifita angus', `fif ANG`, `angus fifita${tag}`])
      expect(await ids(query)).toEqual([angus.id]);
    // Both start a word of each: Angell and Fiona, Angus and Fifita.
    expect((await ids('ang fi')).sort()).toEqual([angus.id, fiona.id].sort());
    expect(await ids('fifita smith')).toEqual([]);
    // Mobiles: as written, without the prefix, in the national form of +64, with spaces or not.
    for (const query of ['0215550199', '021 555 01', '5550199', '(021) 555-0199'])
      expect(await ids(query)).toEqual([angus.id]);
    for (const query of ['022 444 0123', '+64224440123', '4440123'])
      expect(await ids(query)).toEqual([fiona.id]);
    // A changed mobile is found by its new number only.
    await t.db.update(users).set({ mobileNumber: '027 123 4567' }).where(eq(users.id, angus.id));
    expect(await ids('0271234567')).toEqual([angus.id]);
    expect(await ids('0215550199')).toEqual([]);
    // Another gym's staff do not find them by number either.
    const other = await createTenant(t.db);
    const outsider = await signIn(t.app, other.admin.email);
    expect((await search(outsider, '0271234567')).json().data).toEqual([]);
  });

  it('matches across accents both ways and fills the page from prefixes however common the letters', async () => {
    const tenant = await createTenant(t.db);
    const jose = await createMember(t.db, {
      organisationId: tenant.organisation.id,
      user: { name: 'José Ñúñez', email: `${unique('jn')}@example.co.nz` },
    });
    const many = [];
    for (let i = 0; i < 14; i++)
      many.push(
        await createMember(t.db, {
          organisationId: tenant.organisation.id,
          user: { name: `Nuna ${String(i).padStart(2, '0')}`, email: `${unique('nn')}@example.co.nz` },
        }),
      );
    const cookie = await signIn(t.app, tenant.admin.email);
    for (const query of ['nunez', 'ÑÚÑEZ', 'Nuñe', 'jose nu']) {
      expect((await search(cookie, query)).json().data).toEqual([
        { id: jose.id, name: 'José Ñúñez', email: jose.email },
      ]);
    }
    // "nu": Nuna 00 … Nuna 09 (the term "nuna 00"… sorts before "nunez"), ten and no more.
    const page = (await search(cookie, 'nu')).json().data as { id: number }[];
    expect(page.map((r) => r.id)).toEqual(many.slice(0, 10).map((m) => m.id));

    // Members matching through many words each: the index is read on past its first rows until ten people.
    const wordy = [];
    for (let i = 0; i < 12; i++) {
      const w = `Ka${String.fromCharCode(97 + i)}`;
      wordy.push(
        await createMember(t.db, {
          organisationId: tenant.organisation.id,
          user: {
            name: `${w}1 ${w}2 ${w}3 ${w}4 ${w}5`,
            email: `${w}1.${w}2.${w}3.${unique('x').slice(2)}@example.co.nz`.toLowerCase(),
          },
        }),
      );
    }
    const kas = (await search(cookie, 'ka')).json().data as { id: number }[];
    expect(kas.map((r) => r.id)).toEqual(wordy.slice(0, 10).map((m) => m.id));
  });

  it('follows renames, home-gym moves and removals, and scopes gym roles to their gyms for every kind of match', async () => {
    const tenant = await createTenant(t.db);
    const tag = unique('q').slice(2);
    const north = await createMember(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymB.id,
      user: { name: `Quinn Northside${tag}`, email: `quinn.${tag}@example.co.nz` },
    });
    const central = await createMember(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      user: { name: `Quentin Central${tag}`, email: `quentin.${tag}@example.co.nz` },
    });
    const admin = await signIn(t.app, tenant.admin.email);
    const gymAdmin = await signIn(t.app, tenant.gymAdmin.email);
    const trainer = await signIn(t.app, tenant.trainer.email);
    const ids = async (cookie: string, query: string) =>
      ((await search(cookie, query)).json().data as { id: number }[]).map((r) => r.id).sort();
    expect(await ids(admin, tag)).toEqual([north.id, central.id].sort());
    expect(await ids(admin, `side${tag}`)).toEqual([north.id]);
    for (const cookie of [gymAdmin, trainer]) {
      expect(await ids(cookie, tag)).toEqual([central.id]); // a word of the email
      expect(await ids(cookie, `ral${tag}`)).toEqual([central.id]); // contains
      expect(await ids(cookie, `side${tag}`)).toEqual([]);
      expect(await ids(cookie, `quinn.${tag}`)).toEqual([]); // prefix, other gym
      expect(await ids(cookie, `quentin.${tag}`)).toEqual([central.id]);
    }

    await t.db
      .update(organisationMembers)
      .set({ homeGymId: tenant.gymA.id })
      .where(eq(organisationMembers.userId, north.id));
    expect(await ids(gymAdmin, `quinn.${tag}`)).toEqual([north.id]);

    await t.db
      .update(users)
      .set({ name: `Wiremu Renamed${tag}` })
      .where(eq(users.id, north.id));
    expect(await ids(admin, 'wiremu renamed')).toEqual([north.id]);
    expect(await ids(admin, `quinn northside${tag}`)).toEqual([]);

    await t.db
      .update(organisationMembers)
      .set({ deletedAt: new Date() })
      .where(eq(organisationMembers.userId, central.id));
    expect(await ids(admin, tag)).toEqual([north.id]);
  });

  it('fills the page with substring matches first by name when no word starts with the fragment', async () => {
    const tenant = await createTenant(t.db);
    const made = [];
    for (let i = 0; i < 12; i++)
      made.push(
        await createMember(t.db, {
          organisationId: tenant.organisation.id,
          user: {
            name: `Member ${String.fromCharCode(108 - i)} Azqxb`,
            email: `${unique('m')}@example.co.nz`,
          },
        }),
      );
    const cookie = await signIn(t.app, tenant.admin.email);
    const page = (await search(cookie, 'ZQX')).json().data as { id: number; name: string }[];
    // Made l … a; answered a … j.
    expect(page.map((r) => r.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((m) => m.id),
    );
  });
});
