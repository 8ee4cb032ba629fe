import { addDays, toCalendarDate } from '@gym/domain/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, organisationMembers, subscriptions, users } from '../../db/schema/index';
import { createPrice } from '../../test/catalogue-factories';
import { createMember, createTenant, unique } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { catalogueOf, memberIn, type Tenant } from './members.test-support';

let t: TestApp;
let home: Tenant;
let other: Tenant;
let admin: string;
let gymAdmin: string;
let trainer: string;
let otherAdmin: string;
let cat: Awaited<ReturnType<typeof catalogueOf>>;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Harbour Fitness');
  other = await createTenant(t.db, 'Other Gyms Ltd');
  cat = await catalogueOf(t.db, home);
  admin = await signIn(t.app, home.admin.email);
  gymAdmin = await signIn(t.app, home.gymAdmin.email);
  trainer = await signIn(t.app, home.trainer.email);
  otherAdmin = await signIn(t.app, other.admin.email);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie = admin, payload?: unknown) =>
  t.app.inject(
    pageRequest({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );

const termMember = () =>
  memberIn(t.db, {
    tenant: home,
    now: t.clock.now(),
    gymId: home.gymA.id,
    priceId: cat.monthly.id,
    state: 'active',
    name: 'Tama Term',
    subscription: {
      isTermMembership: true,
      termEndsAt: addDays(toCalendarDate(t.clock.now()), 200),
      balanceOwing: 1234,
      periodsOwing: 1,
    },
  });

describe('GET /api/members/{id}', () => {
  it('answers every member field and the latest subscription with its derived state', async () => {
    const { user, subscription } = await termMember();
    await t.db
      .update(organisationMembers)
      .set({
        confidenceAndExperience: 'not-a-known-answer',
        hearAboutUs: 'other',
        hearAboutUsOther: 'the bus',
      })
      .where(eq(organisationMembers.userId, user.id));
    const res = await call('GET', `/api/members/${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: user.id,
      name: 'Tama Term',
      confidence_and_experience_label: 'Unknown answer',
      hear_about_us_label: 'Other: the bus',
      home_gym: { id: home.gymA.id },
      visits_count: 0,
      deleted_at: null,
    });
    expect(data.latest_subscription).toMatchObject({
      id: subscription.id,
      state: 'active',
      card_colour: 'green',
      balance_owing: 1234,
      formatted_balance_owing: '$12.34',
      periods_owing: 1,
      is_term_membership: true,
      currently_within_term_membership: true,
      price: { id: cat.monthly.id, formatted_term: '12 months', offering: { name: 'Off Peak' } },
      membership_type: { label: 'Initial term', short_term_label: '12 months membership' },
    });
    expect(data.latest_subscription.membership_type.commitment_date).toBe(
      addDays(toCalendarDate(t.clock.now()), 200),
    );
  });

  it('reads "Unknown answer" when the member gave none, and null without a subscription', async () => {
    const res = await call('GET', `/api/members/${home.member.id}`);
    expect(res.json().data).toMatchObject({
      confidence_and_experience_label: 'Unknown answer',
      hear_about_us_label: 'Unknown answer',
      latest_subscription: null,
    });
  });

  it('is 404 for another organisation’s member or a missing one, 403 outside gym staff’s gyms, 422 for a bad id', async () => {
    const atB = await createMember(t.db, { organisationId: home.organisation.id, gymId: home.gymB.id });
    await expectIsolated(t.app, otherAdmin, [
      { name: 'show', request: { method: 'GET', url: `/api/members/${home.member.id}` }, refusedWith: [404] },
      {
        name: 'edit',
        request: { method: 'PUT', url: `/api/members/${home.member.id}`, payload: { notes: 'x' } },
        refusedWith: [404],
      },
      {
        name: 'delete',
        request: { method: 'DELETE', url: `/api/members/${home.member.id}` },
        refusedWith: [404],
      },
    ]);
    expect((await call('GET', '/api/members/999999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/members/abc')).statusCode).toBe(422);
    expect((await call('GET', `/api/members/${atB.id}`, trainer)).statusCode).toBe(403);
    expect((await call('GET', `/api/members/${home.member.id}`, trainer)).statusCode).toBe(200);
  });
});

describe('PUT /api/members/{id}', () => {
  it('saves every member field given and logs who changed which fields', async () => {
    const { user } = await termMember();
    const payload = {
      name: 'Tama Updated',
      mobile_number: '022 123 4567',
      dob: '1990-04-12',
      email_notifications_enabled: false,
      push_notifications_enabled: true,
      payment_reminders: false,
      emergency_contact_name: 'Hine',
      emergency_contact_email: 'hine@example.co.nz',
      emergency_contact_mobile_number: '027 000 1111',
      emergency_contact_relationship: 'Sister',
      address: '1 Queen Street',
      suburb: 'Auckland Central',
      city: 'Auckland',
      post_code: '1010',
      confidence_and_experience: 'first_time',
      hear_about_us: 'friend',
      notes: 'Prefers mornings',
      tags: ['vip', 'vip', 'student'],
    };
    const res = await call('PUT', `/api/members/${user.id}`, gymAdmin, payload);
    expect(res.statusCode, res.body).toBe(200);
    const { tags, ...rest } = payload;
    expect(res.json().data).toMatchObject({
      ...rest,
      tags: ['vip', 'student'],
      confidence_and_experience_label: 'This is my first time at a gym',
      hear_about_us_label: 'From a friend',
    });
    expect((await call('GET', `/api/members/${user.id}`)).json().data.notes).toBe('Prefers mornings');
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, user.id), eq(activityLog.action, 'member.updated')));
    expect(entry).toMatchObject({ actorUserId: home.gymAdmin.id });
    expect((entry!.data as { fields: string[] }).fields).toContain('notes');
  });

  it.each([
    [{ name: '   ' }, 'name', 'Value is required'],
    [{ email: 'not-an-email' }, 'email', 'Value is not a valid email address'],
    [{ dob: '1990-13-01' }, 'dob', 'Value must be a date (YYYY-MM-DD)'],
    [
      { confidence_and_experience: 'bold' },
      'confidence_and_experience',
      'Value must be one of the confidence answers',
    ],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'The maximum value allowed is 20'],
    [{ email_notifications_enabled: 'yes' }, 'email_notifications_enabled', 'Value must be true or false'],
    [{ emergency_contact_email: 'nope' }, 'emergency_contact_email', 'Value is not a valid email address'],
  ])('answers 422 for %j', async (payload, field, message) => {
    const res = await call('PUT', `/api/members/${home.member.id}`, admin, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('refuses an email another account uses, and trainers', async () => {
    const res = await call('PUT', `/api/members/${home.member.id}`, admin, {
      email: home.trainer.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This email address is already in use.']);
    expect((await call('PUT', `/api/members/${home.member.id}`, trainer, { notes: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/members/{id}', () => {
  it('asks for confirmation when money is owed, then deletes softly', async () => {
    const { user } = await termMember();
    const refused = await call('DELETE', `/api/members/${user.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This member owes $12.34. Confirm to delete them anyway; the balance stays on record.',
    );
    const done = await call('DELETE', `/api/members/${user.id}?confirm=true`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.deleted_at).not.toBeNull();
    expect((await call('GET', `/api/members/${user.id}`)).statusCode).toBe(404);
    const [person] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(person!.deletedAt).toBeNull();
    expect((await call('DELETE', `/api/members/${user.id}?confirm=true`)).statusCode).toBe(404);
  });

  it('accepts the confirmation in the body, and refuses trainers and a bad flag', async () => {
    const { user } = await termMember();
    expect((await call('DELETE', `/api/members/${user.id}`, trainer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/members/${user.id}?confirm=perhaps`)).statusCode).toBe(422);
    const done = await call('DELETE', `/api/members/${user.id}`, admin, { confirm: true });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('POST /api/members', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Nikau Newman',
    email: `${unique('nikau')}@example.co.nz`,
    mobile_number: '021 999 8888',
    gym_id: home.gymA.id,
    price_id: cat.monthly.id,
    start_date: addDays(toCalendarDate(t.clock.now()), 3),
    ...overrides,
  });

  it('adds the person, their membership and a staged subscription, and emails them the join link', async () => {
    const payload = body();
    const res = await call('POST', '/api/members', gymAdmin, payload);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Nikau Newman',
      email: payload.email,
      home_gym: { id: home.gymA.id },
    });
    expect(data.latest_subscription).toMatchObject({
      state: 'upcoming',
      card_colour: 'amber',
      is_staging: true,
      start_date: payload.start_date,
      is_term_membership: true,
      price: { id: cat.monthly.id },
    });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, data.id));
    expect(sub).toMatchObject({ isStaging: true, upcomingState: 'upcoming', paymentTypeId: null });
    const mail = await t.mail.waitFor((m) => m.to.includes(payload.email));
    expect(mail.subject).toBe(`Finish joining ${home.gymA.name}`);
    expect(mail.text).toContain(`${t.env.REGISTER_URL.replace(/\/+$/, '')}/?email=`);
    expect(mail.html).toContain('Finish joining');
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, data.id), eq(activityLog.action, 'member.created')));
    expect(entry).toMatchObject({ actorUserId: home.gymAdmin.id });
  });

  it('adds an existing account of another organisation without changing it', async () => {
    const res = await call(
      'POST',
      '/api/members',
      admin,
      body({ email: other.member.email, name: 'Someone Else' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.name).toBe(other.member.name);
    const again = await call('POST', '/api/members', admin, body({ email: other.member.email }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This person is already a member of this organisation.']);
  });

  it.each([
    [{ name: '' }, 'name', 'Value is required'],
    [{ email: 'x' }, 'email', 'Value is not a valid email address'],
    [{ mobile_number: undefined }, 'mobile_number', 'Value is required'],
    [{ gym_id: undefined }, 'gym_id', 'Value is required'],
    [{ price_id: 'abc' }, 'price_id', 'Value must be an id'],
    [{ start_date: '2025-02-30' }, 'start_date', 'Value must be a date (YYYY-MM-DD)'],
    [{ start_date: '2020-01-01' }, 'start_date', 'The start date cannot be in the past'],
  ])('answers 422 for %j', async (overrides, field, message) => {
    const res = await call('POST', '/api/members', admin, body(overrides));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('refuses another organisation’s gym or price, a price not offered at the gym, and non-admins', async () => {
    expect(
      (await call('POST', '/api/members', admin, body({ gym_id: other.gymA.id }))).json().errors.gym_id,
    ).toEqual(['Select a gym of this organisation']);
    const theirPrice = (await catalogueOf(t.db, other)).weekly;
    expect(
      (await call('POST', '/api/members', admin, body({ price_id: theirPrice.id }))).json().errors.price_id,
    ).toEqual(['Select a price of this organisation']);
    const atB = await createPrice(t.db, {
      organisationId: home.organisation.id,
      offeringId: cat.offering.id,
      gymId: home.gymB.id,
    });
    expect(
      (await call('POST', '/api/members', admin, body({ price_id: atB.id }))).json().errors.price_id,
    ).toEqual(['This price is not offered at the chosen gym']);
    expect((await call('POST', '/api/members', trainer, body())).statusCode).toBe(403);
    expect((await call('POST', '/api/members', gymAdmin, body({ gym_id: home.gymB.id }))).statusCode).toBe(
      403,
    );
  });
});
