import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, ageBypassLinks, organisations } from '../../db/schema/index';
import { createTenant } from '../../test/factories';
import { createWebhookCall } from '../../test/gym-factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  t.app.inject(
    pageRequest({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );
const org = (suffix = '', id = home.organisation.id) => `/api/organisations/${id}${suffix}`;

describe('GET /api/organisations/{id}', () => {
  it('answers the settings in the shape of the Organisation entity', async () => {
    const res = await call('GET', org(), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: home.organisation.id,
      name: home.organisation.name,
      multi_gym: true,
      minimum_age: 16,
      offering_permissions: { enable_offerings: true, non_stop: true, limited_access: true },
      price_frequencies: {
        weekly: true,
        fortnightly: true,
        monthly: true,
        quarterly: false,
        six_monthly: false,
        yearly: false,
      },
      grace_period: { failed_payment_grace_period: 14, failed_payment_grace_period_unit: 'days' },
      term_grace_period: { term_membership_grace_period: 28, term_membership_grace_period_unit: 'days' },
      tax_details: { legal_name: null, gst_number: null },
      self_service: {
        member_pauses_allowed: true,
        member_pause_min_days: 7,
        member_pause_max_days: 90,
        member_pauses_per_year: 2,
        member_pause_notice_days: 0,
        member_online_cancellation: true,
      },
      updated_at: expect.any(String),
    });
  });
});

describe('PUT tax details and self-service settings', () => {
  it('saves the legal name and the GST number written one way, and refuses other shapes', async () => {
    const res = await call('PUT', org('/tax-details'), admin, {
      legal_name: ' Southern Strength Limited ',
      gst_number: '49 091 850',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tax_details).toEqual({
      legal_name: 'Southern Strength Limited',
      gst_number: '049-091-850',
    });
    const bad = await call('PUT', org('/tax-details'), admin, { legal_name: null, gst_number: '12' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.gst_number).toEqual(['A GST number is 8 or 9 digits, like 123-456-789']);
  });

  it('saves what members may do, and names the limits it refuses', async () => {
    const body = {
      member_pauses_allowed: true,
      member_pause_min_days: 14,
      member_pause_max_days: 60,
      member_pauses_per_year: 1,
      member_pause_notice_days: 7,
      member_online_cancellation: false,
    };
    const res = await call('PUT', org('/self-service'), admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.self_service).toEqual(body);
    const bad = await call('PUT', org('/self-service'), admin, {
      ...body,
      member_pause_max_days: 400,
      member_pauses_per_year: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      member_pause_max_days: ['The maximum value allowed is 365'],
      member_pauses_per_year: [expect.stringContaining('0')],
    });
    const shorter = await call('PUT', org('/self-service'), admin, { ...body, member_pause_max_days: 10 });
    expect(shorter.json().errors.member_pause_max_days).toEqual([
      'The longest pause cannot be shorter than the shortest',
    ]);
  });
});

describe('PUT /api/organisations/{id}', () => {
  it('renames the organisation, trimmed', async () => {
    const res = await call('PUT', org(), admin, { name: '  Southern Strength  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Southern Strength');
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, home.organisation.id));
    expect(row!.name).toBe('Southern Strength');
  });

  it.each([{}, { name: '' }, { name: '   ' }, { name: null }])('requires a name: %j', async (body) => {
    const res = await call('PUT', org(), admin, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['Value is required'] });
  });
});

describe('PUT grace periods', () => {
  it('sets the failed-payment grace period and logs who changed it', async () => {
    const res = await call('PUT', org('/grace-period'), admin, {
      failed_payment_grace_period: 2,
      failed_payment_grace_period_unit: 'weeks',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.grace_period).toEqual({
      failed_payment_grace_period: 2,
      failed_payment_grace_period_unit: 'weeks',
    });
    const log = await t.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.organisationId, home.organisation.id),
          eq(activityLog.action, 'organisation.grace_period_changed'),
        ),
      );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actorUserId: home.admin.id,
      data: { before: { failedPaymentGracePeriod: 14 }, after: { failedPaymentGracePeriod: 2 } },
    });
  });

  it('sets the term membership grace period', async () => {
    const res = await call('PUT', org('/term-membership-grace-period'), admin, {
      term_membership_grace_period: 1,
      term_membership_grace_period_unit: 'months',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.term_grace_period).toEqual({
      term_membership_grace_period: 1,
      term_membership_grace_period_unit: 'months',
    });
  });

  it.each([
    ['/grace-period', 'failed_payment_grace_period'],
    ['/term-membership-grace-period', 'term_membership_grace_period'],
  ])('%s requires the period and its unit, with the specification messages', async (path, field) => {
    // Absent means unchanged (an empty body saves nothing); sent empty, each is required.
    const missing = await call('PUT', org(path), admin, { [field]: null, [`${field}_unit`]: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      [field]: ['Value is required'],
      [`${field}_unit`]: ['Value is required'],
    });
    const bad = await call('PUT', org(path), admin, { [field]: 400, [`${field}_unit`]: 'fortnights' });
    // Each field is checked as given; the period against its unit once the unit is one (the test below).
    expect(bad.json().errors).toEqual({
      [`${field}_unit`]: ['Value must be one of: days, weeks, months'],
    });
    const fraction = await call('PUT', org(path), admin, { [field]: 1.5, [`${field}_unit`]: 'days' });
    expect(fraction.json().errors[field]).toEqual(['Value must be a whole number']);
  });

  it.each([
    ['/grace-period', 'failed_payment_grace_period', 'grace_period'],
    ['/term-membership-grace-period', 'term_membership_grace_period', 'term_grace_period'],
  ])(
    '%s refuses nothing, less than nothing and more than its unit allows, and keeps the saved value',
    async (path, field, answer) => {
      const before = (await call('GET', org(''), admin)).json().data[answer];
      for (const [length, unit, message] of [
        [0, 'days', 'The minimum value allowed is 1'],
        [-3, 'days', 'The minimum value allowed is 1'],
        [91, 'days', 'The maximum value allowed is 90'],
        [13, 'weeks', 'The maximum value allowed is 12'],
        [4, 'months', 'The maximum value allowed is 3'],
      ] as const) {
        const res = await call('PUT', org(path), admin, { [field]: length, [`${field}_unit`]: unit });
        expect(res.statusCode, `${length} ${unit}`).toBe(422);
        expect(res.json().errors, `${length} ${unit}`).toEqual({ [field]: [message] });
      }
      expect((await call('GET', org(''), admin)).json().data[answer]).toEqual(before);
      const longest = await call('PUT', org(path), admin, { [field]: 12, [`${field}_unit`]: 'weeks' });
      expect(longest.statusCode).toBe(200);
      expect((await call('GET', org(''), admin)).json().data[answer]).toEqual({
        [field]: 12,
        [`${field}_unit`]: 'weeks',
      });
    },
  );
});

describe('PUT offering permissions and price frequencies', () => {
  it('sets which offering types the organisation uses', async () => {
    const res = await call('PUT', org('/offering-permissions'), admin, {
      enable_offerings: false,
      non_stop: true,
      limited_access: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.offering_permissions).toEqual({
      enable_offerings: false,
      non_stop: true,
      limited_access: false,
    });
  });

  it('sets which billing frequencies the organisation offers', async () => {
    const body = {
      weekly: false,
      fortnightly: true,
      monthly: true,
      quarterly: true,
      six_monthly: true,
      yearly: true,
    };
    const res = await call('PUT', org('/price-frequencies'), admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.price_frequencies).toEqual(body);
  });

  it('requires every flag to be true or false', async () => {
    // A flag left out keeps its value; one sent must be true or false.
    const res = await call('PUT', org('/offering-permissions'), admin, {
      enable_offerings: 'yes',
      non_stop: true,
      limited_access: null,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['enable_offerings', 'limited_access']);
    const frequencies = await call('PUT', org('/price-frequencies'), admin, {
      weekly: true,
      fortnightly: 'no',
      monthly: null,
    });
    expect(Object.keys(frequencies.json().errors).sort()).toEqual(['fortnightly', 'monthly']);
  });

  it('refuses to switch every frequency off, keeping the saved ones', async () => {
    const before = (await call('GET', org(''), admin)).json().data.price_frequencies;
    const none = Object.fromEntries(Object.keys(before).map((key) => [key, false]));
    const res = await call('PUT', org('/price-frequencies'), admin, none);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ price_frequencies: ['Choose at least one billing frequency'] });
    expect((await call('GET', org(''), admin)).json().data.price_frequencies).toEqual(before);
  });
});

describe('POST /api/organisations/{id}/age-bypass-links', () => {
  it('creates an unguessable link on the registration site', async () => {
    const first = await call('POST', org('/age-bypass-links'), admin, {});
    const second = await call('POST', org('/age-bypass-links'), admin);
    expect(first.statusCode).toBe(201);
    const link = first.json().data;
    expect(link.token).toMatch(/^[\w-]{32}$/);
    expect(link.url).toBe(`${t.env.REGISTER_URL}/?age_bypass=${link.token}`);
    expect(second.json().data.token).not.toBe(link.token);
    const [row] = await t.db.select().from(ageBypassLinks).where(eq(ageBypassLinks.id, link.id));
    expect(row).toMatchObject({
      organisationId: home.organisation.id,
      createdBy: home.admin.id,
      token: link.token,
    });
  });
});

describe('GET /api/organisations/{id}/akahu-webhooks', () => {
  it('lists this organisation’s Akahu calls, newest first, paginated, without headers or raw bodies', async () => {
    const older = await createWebhookCall(t.db, {
      organisationId: home.organisation.id,
      receivedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const newer = await createWebhookCall(t.db, {
      organisationId: home.organisation.id,
      status: 'failed',
      receivedAt: new Date('2025-02-01T00:00:00Z'),
    });
    await createWebhookCall(t.db, { organisationId: home.organisation.id, provider: 'stripe' });
    await createWebhookCall(t.db, { organisationId: other.organisation.id });
    await createWebhookCall(t.db, { organisationId: null });

    const res = await call('GET', org('/akahu-webhooks?per_page=1'), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(res.json().data).toEqual([
      {
        id: newer.id,
        event_type: 'PAYMENT:UPDATE',
        external_id: newer.externalId,
        signature_valid: true,
        status: 'failed',
        error: null,
        payload: { webhook_type: 'PAYMENT', webhook_code: 'UPDATE' },
        received_at: '2025-02-01T00:00:00.000Z',
        processed_at: null,
      },
    ]);
    expect(res.body).not.toContain('never-shown');
    const second = await call('GET', org('/akahu-webhooks?per_page=1&page=2'), admin);
    expect(second.json().data.map((w: { id: number }) => w.id)).toEqual([older.id]);
    const failed = await call('GET', org('/akahu-webhooks?status=failed'), admin);
    expect(failed.json().data.map((w: { id: number }) => w.id)).toEqual([newer.id]);
    const bad = await call('GET', org('/akahu-webhooks?status=bogus&per_page=500'), admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'status']);
  });
});

describe('who may use the organisation settings', () => {
  const routes = (id: number) => [
    { method: 'GET' as const, url: org('', id) },
    { method: 'PUT' as const, url: org('', id), payload: { name: 'Taken Over' } },
    {
      method: 'PUT' as const,
      url: org('/grace-period', id),
      payload: { failed_payment_grace_period: 1, failed_payment_grace_period_unit: 'days' },
    },
    {
      method: 'PUT' as const,
      url: org('/term-membership-grace-period', id),
      payload: { term_membership_grace_period: 1, term_membership_grace_period_unit: 'days' },
    },
    {
      method: 'PUT' as const,
      url: org('/offering-permissions', id),
      payload: { enable_offerings: true, non_stop: true, limited_access: true },
    },
    {
      method: 'PUT' as const,
      url: org('/price-frequencies', id),
      payload: {
        weekly: true,
        fortnightly: true,
        monthly: true,
        quarterly: true,
        six_monthly: true,
        yearly: true,
      },
    },
    { method: 'POST' as const, url: org('/age-bypass-links', id), payload: {} },
    { method: 'GET' as const, url: org('/akahu-webhooks', id) },
  ];

  it('refuses gym admins, trainers and members with 403', async () => {
    for (const email of [home.gymAdmin.email, home.trainer.email, home.member.email]) {
      const cookie = await signIn(t.app, email);
      await expectIsolated(
        t.app,
        cookie,
        routes(home.organisation.id).map((request) => ({
          name: `${email} ${request.method} ${request.url}`,
          request,
          refusedWith: [403],
        })),
      );
    }
  });

  it('answers 404 and none of the data for another organisation', async () => {
    await expectIsolated(
      t.app,
      admin,
      routes(other.organisation.id).map((request) => ({
        name: `${request.method} ${request.url}`,
        request,
        refusedWith: [404],
        mustNotContain: [other.organisation.name],
      })),
    );
    const [untouched] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, other.organisation.id));
    expect(untouched!.name).toBe(other.organisation.name);
  });

  it('needs a session', async () => {
    const res = await t.app.inject(pageRequest({ method: 'GET', url: org() }));
    expect(res.statusCode).toBe(401);
  });
});
