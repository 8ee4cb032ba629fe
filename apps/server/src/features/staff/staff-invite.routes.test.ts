import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, gymStaff, organisationStaff, users } from '../../db/schema/index';
import { createMember, createStaff, createTenant } from '../../test/factories';
import { sessionCookie, signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Kōwhai Fitness');
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject(pageRequest({ method: 'POST', url, cookie, payload: payload as object }));
const invite = (payload: unknown) => post(`/api/organisations/${home.organisation.id}/staff`, payload, admin);
const mailTo = (email: string) => t.mail.waitFor((m) => m.to.includes(email.toLowerCase()), 5000);
const linkIn = (text: string) => {
  const match = text.match(/(https?:\/\/\S+\/set-password)\?token=([^&\s]+)&email=(\S+)/);
  if (!match) throw new Error(`no link in ${text}`);
  return { base: match[1]!, token: decodeURIComponent(match[2]!), email: decodeURIComponent(match[3]!) };
};
const setPassword = (link: { token: string; email: string }, password = 'a-new-staff-password') =>
  post('/api/set-password', {
    token: link.token,
    email: link.email,
    password,
    password_confirmation: password,
  });

describe('POST /api/organisations/{id}/staff: validation', () => {
  it('requires the email and the role, and the name unless inviting', async () => {
    const res = await invite({ inviting: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['Value is required'],
      role: ['Value is required'],
      name: ['Value is required'],
    });
    const bad = await invite({ inviting: true, email: 'not-an-email', role: 'owner' });
    expect(bad.json().errors).toEqual({
      email: ['Value is not a valid email address'],
      role: ['Value must be a role'],
    });
  });

  it('needs gyms for per-gym roles, and only this organisation’s gyms', async () => {
    const none = await invite({ inviting: true, email: 'no.gyms@example.co.nz', role: -1 });
    expect(none.json().errors).toEqual({ gyms: ['The value is required'] });
    const foreign = await invite({
      inviting: true,
      email: 'foreign.gym@example.co.nz',
      role: -1,
      gyms: [
        { id: home.gymA.id, role: 'admin' },
        { id: other.gymA.id, role: 'admin' },
        { id: home.gymA.id, role: 'personal_trainer' },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      'gyms.1.id': ['The selected gym is invalid'],
      'gyms.2.id': ['The gym is listed more than once'],
    });
    const badRole = await invite({
      inviting: true,
      email: 'bad.role@example.co.nz',
      role: -1,
      gyms: [{ id: home.gymA.id, role: 'boss' }],
    });
    expect(Object.keys(badRole.json().errors)).toEqual(['gyms.0.role']);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'foreign.gym@example.co.nz'));
    expect(user).toBeUndefined();
  });

  it('refuses someone who is already staff here', async () => {
    const res = await invite({ inviting: true, email: home.trainer.email.toUpperCase(), role: 'admin' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This person is already staff of this organisation.'] });
  });
});

describe('inviting a new person, end to end', () => {
  it('invite → email → set password → sign in → the organisation and gyms are theirs', async () => {
    const email = 'Mere.Tipene@example.co.nz';
    const res = await invite({
      inviting: true,
      email,
      role: -1,
      gyms: [{ id: home.gymB.id, role: 'admin' }],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Mere Tipene',
      email,
      role: null,
      gyms: [{ id: home.gymB.id, name: home.gymB.name, role: 'admin' }],
      status: 'pending',
      pending_invite: true,
      awaiting_password: true,
      visits_count: 0,
    });

    const [user] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(user).toMatchObject({ isStaff: true, passwordHash: null });
    const tokens = await t.db.select().from(authTokens).where(eq(authTokens.userId, created.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      kind: 'invitation',
      organisationId: home.organisation.id,
      usedAt: null,
    });
    const days = (tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const mail = await mailTo(email);
    expect(mail.subject).toBe("You're invited to Kōwhai Fitness");
    expect(mail.text).toContain(`${home.admin.name} has invited you to join Kōwhai Fitness`);
    const link = linkIn(mail.text);
    expect(link.base).toBe(`${t.env.APP_URL}/set-password`);
    expect(link.email).toBe(email);
    expect(tokens[0]!.tokenHash).not.toContain(link.token);

    const set = await setPassword(link);
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe('Your password is set and you are signed in.');
    // Signed in by setting the password (GET /api/me answers only a verified session), in the inviting organisation.
    const cookie = sessionCookie(set.headers['set-cookie']);
    const me = (await t.app.inject(pageRequest({ method: 'GET', url: '/api/me', cookie }))).json().data;
    expect(me.current_organisation).toMatchObject({
      id: home.organisation.id,
      name: 'Kōwhai Fitness',
      role: null,
    });
    expect(me.gyms).toEqual([{ id: home.gymB.id, name: home.gymB.name, role: 'admin' }]);
    expect(me.is_gym_admin).toBe(true);

    const after = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/staff/${created.id}`, cookie: admin }),
    );
    expect(after.json().data).toMatchObject({
      status: 'active',
      pending_invite: false,
      awaiting_password: false,
    });
    expect((await setPassword(link, 'another-password-x')).statusCode).toBe(422);
  });

  it('adds an organisation admin without gym rows (they hold every gym)', async () => {
    const res = await invite({
      inviting: true,
      email: 'new.admin@example.co.nz',
      role: 'admin',
      gyms: [{ id: home.gymA.id, role: 'personal_trainer' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ role: 'admin', gyms: [] });
    const link = linkIn((await mailTo('new.admin@example.co.nz')).text);
    await setPassword(link);
    const me = (
      await t.app.inject(
        pageRequest({
          method: 'GET',
          url: '/api/me',
          cookie: await signIn(t.app, 'new.admin@example.co.nz', 'a-new-staff-password'),
        }),
      )
    ).json().data;
    expect(me.is_organisation_admin).toBe(true);
    expect(me.gyms.map((g: { id: number }) => g.id).sort()).toEqual([home.gymA.id, home.gymB.id].sort());
  });

  // Pending like every invitation (issue 25): were a new person active at once, the answer would tell an
  // admin that an email answered 'pending' already had an account elsewhere.
  it('adds without inviting: the name is used, the person is pending until they set the password from their link', async () => {
    const res = await invite({
      inviting: false,
      email: 'hamish.direct@example.co.nz',
      name: 'Hamish McKenzie',
      role: 'personal_trainer',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Hamish McKenzie',
      status: 'pending',
      pending_invite: true,
      awaiting_password: true,
    });
    expect(linkIn((await mailTo('hamish.direct@example.co.nz')).text).email).toBe(
      'hamish.direct@example.co.nz',
    );
  });
});

describe('adding a person who already has an account', () => {
  const acceptLinkIn = (text: string) => {
    const match = text.match(/(https?:\/\/\S+\/accept-invitation)\?token=([^&\s]+)&email=(\S+)/);
    if (!match) throw new Error(`no accept link in ${text}`);
    return { token: decodeURIComponent(match[2]!), email: decodeURIComponent(match[3]!) };
  };
  const me = async (cookie: string) =>
    (await t.app.inject(pageRequest({ method: 'GET', url: '/api/me', cookie }))).json().data;

  it('invites staff of another organisation: no rights here until they accept, and nothing of theirs shown', async () => {
    const person = await createStaff(t.db, {
      organisationId: other.organisation.id,
      role: 'personal_trainer',
    });
    const res = await invite({
      inviting: true,
      email: person.email,
      name: 'Someone Else',
      role: 'personal_trainer',
      gyms: [{ id: home.gymA.id, role: 'personal_trainer' }],
    });
    expect(res.statusCode).toBe(201);
    // The name the admin typed, not the account's: adding someone reveals nothing about them.
    expect(res.json().data).toMatchObject({ name: 'Someone Else', status: 'pending', pending_invite: true });
    const mail = await mailTo(person.email);
    expect(mail.subject).toBe("You're invited to Kōwhai Fitness");
    expect(mail.text.startsWith('Kia ora,\n')).toBe(true); // greeted without the account's name
    const before = await me(await signIn(t.app, person.email));
    expect(before.organisations.map((o: { id: number }) => o.id)).toEqual([other.organisation.id]);

    const accepted = await post('/api/accept-invitation', acceptLinkIn(mail.text));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe('The invitation is accepted and you are signed in.');
    // The answer signs them in, already working in the organisation that invited them.
    const after = await me(sessionCookie(accepted.headers['set-cookie']));
    expect(after.current_organisation.id).toBe(home.organisation.id);
    expect(after.organisations.map((o: { id: number }) => o.id).sort()).toEqual(
      [home.organisation.id, other.organisation.id].sort(),
    );
    const [row] = await t.db
      .select()
      .from(organisationStaff)
      .where(
        and(
          eq(organisationStaff.userId, person.id),
          eq(organisationStaff.organisationId, home.organisation.id),
        ),
      );
    expect(row).toMatchObject({ pendingInvite: false });
    // The link works once.
    expect((await post('/api/accept-invitation', acceptLinkIn(mail.text))).statusCode).toBe(422);
  });

  it('refuses an accept link for another address, or a made-up one', async () => {
    const person = await createStaff(t.db, {
      organisationId: other.organisation.id,
      role: 'personal_trainer',
    });
    await invite({ inviting: true, email: person.email, role: 'personal_trainer' });
    const link = acceptLinkIn((await mailTo(person.email)).text);
    const wrong = await post('/api/accept-invitation', { ...link, email: 'someone.else@example.co.nz' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.token).toEqual([
      'This invitation link is invalid or has expired. Ask for a new one.',
    ]);
    expect((await post('/api/accept-invitation', { ...link, token: 'x'.repeat(43) })).statusCode).toBe(422);
    const [row] = await t.db
      .select()
      .from(organisationStaff)
      .where(
        and(
          eq(organisationStaff.userId, person.id),
          eq(organisationStaff.organisationId, home.organisation.id),
        ),
      );
    expect(row).toMatchObject({ pendingInvite: true });
  });

  it('makes a member staff once they accept', async () => {
    const member = await createMember(t.db, { organisationId: home.organisation.id, gymId: home.gymA.id });
    const res = await invite({ inviting: true, email: member.email, role: 'personal_trainer' });
    expect(res.statusCode).toBe(201);
    const [pending] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(pending!.isStaff).toBe(false);
    expect(
      (await post('/api/accept-invitation', acceptLinkIn((await mailTo(member.email)).text))).statusCode,
    ).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(user!.isStaff).toBe(true);
  });

  it('brings back a deactivated staff member with the new role and gyms, once they accept', async () => {
    const former = await createStaff(t.db, { organisationId: home.organisation.id, role: 'admin' });
    await t.db
      .update(organisationStaff)
      .set({ deletedAt: new Date() })
      .where(eq(organisationStaff.userId, former.id));
    const res = await invite({
      inviting: true,
      email: former.email,
      role: -1,
      gyms: [{ id: home.gymA.id, role: 'personal_trainer' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      id: former.id,
      role: null,
      status: 'pending',
      deleted_at: null,
      gyms: [{ id: home.gymA.id, role: 'personal_trainer' }],
    });
    const rows = await t.db.select().from(gymStaff).where(eq(gymStaff.userId, former.id));
    expect(rows).toHaveLength(1);
    expect(
      (await post('/api/accept-invitation', acceptLinkIn((await mailTo(former.email)).text))).statusCode,
    ).toBe(200);
    const detail = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/staff/${former.id}`, cookie: admin }),
    );
    expect(detail.json().data).toMatchObject({ status: 'active', role: null });
  });
});

describe('the answer never tells whether the email already had an account', () => {
  /** Everything but who the person is (their email, the name typed) and when the row was written. */
  const comparable = (data: Record<string, unknown>) => {
    const { id, name, email, invited_at, created_at, ...rest } = data;
    expect(id).toEqual(expect.any(Number));
    expect(invited_at).toBe(created_at);
    return rest;
  };

  for (const inviting of [true, false]) {
    it(`answers the same, field by field, for a new email and one with an account elsewhere (inviting: ${inviting})`, async () => {
      const elsewhere = await createStaff(t.db, {
        organisationId: other.organisation.id,
        role: 'personal_trainer',
      });
      // Their account has a photo: nothing of it shows while the invitation is open.
      await t.db
        .update(users)
        .set({ profilePicturePath: 'profile-pictures/theirs.jpg' })
        .where(eq(users.id, elsewhere.id));
      const body = {
        inviting,
        name: 'Typed Name',
        role: -1,
        gyms: [{ id: home.gymA.id, role: 'personal_trainer' }],
      };
      const known = await invite({ ...body, email: elsewhere.email });
      const fresh = await invite({ ...body, email: `brand.new.${inviting}@example.co.nz` });
      expect([known.statusCode, fresh.statusCode]).toEqual([201, 201]);
      const [a, b] = [known.json().data, fresh.json().data];
      expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
      expect(comparable(a)).toEqual(comparable(b));
      expect(comparable(a)).toMatchObject({
        status: 'pending',
        pending_invite: true,
        awaiting_password: true,
        access_enabled: false,
        profile_picture: null,
      });
      // The staff list shows them alike too.
      const listed = (
        await t.app.inject(
          pageRequest({
            method: 'GET',
            url: `/api/organisations/${home.organisation.id}/staff?status=pending&per_page=100`,
            cookie: admin,
          }),
        )
      ).json().data as Record<string, unknown>[];
      const [la, lb] = [a.id, b.id].map((id) => listed.find((row) => row.id === id)!);
      expect(comparable(la!)).toEqual(comparable(lb!));
    });
  }
});

describe('POST /api/staff/{id}/resend-invitation', () => {
  it('sends a new link; the old one stops working', async () => {
    const email = 'resend.me@example.co.nz';
    const created = (await invite({ inviting: true, email, role: 'personal_trainer' })).json().data;
    const first = linkIn((await mailTo(email)).text);
    const lastId = t.mail.messages[0]?.id ?? 0;
    const res = await post(`/api/staff/${created.id}/resend-invitation`, {}, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, status: 'pending' });
    const second = linkIn((await t.mail.waitFor((m) => m.id > lastId && m.to.includes(email), 5000)).text);
    expect(second.token).not.toBe(first.token);
    const old = await setPassword(first);
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.token).toEqual([
      'This invitation link is invalid or has expired. Ask for a new one.',
    ]);
    expect((await setPassword(second)).statusCode).toBe(200);
  });

  it('refuses people who have accepted (409), and unknown ids (404)', async () => {
    expect((await post(`/api/staff/${home.trainer.id}/resend-invitation`, {}, admin)).statusCode).toBe(409);
    expect((await post(`/api/staff/${home.member.id}/resend-invitation`, {}, admin)).statusCode).toBe(404);
  });

  it('limits how often one person is re-invited', async () => {
    const created = (
      await invite({ inviting: true, email: 'often@example.co.nz', role: 'personal_trainer' })
    ).json().data;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post(`/api/staff/${created.id}/resend-invitation`, {}, admin)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('closed accounts', () => {
  it('refuses an email of a closed account', async () => {
    const closed = await createStaff(t.db, { organisationId: other.organisation.id, role: 'admin' });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, closed.id));
    const res = await invite({ inviting: true, email: closed.email, role: 'admin' });
    expect(res.json().errors).toEqual({ email: ['This email address belongs to a closed account.'] });
  });
});
