// The weekly digest on a real database and a real SMTP receiver: it arrives when the travelling clock
// passes Monday 7:00 am in Auckland, with the week's figures worked out by hand below, for each
// organisation admin who has not switched it off (GET/PUT /api/me/weekly-digest), once, however many
// workers queue it.
import { aucklandInstant } from '@gym/domain/auckland-date-time';
import { addDays, calendarDate } from '@gym/domain/calendar-date';
import type { TimeOfDay } from '@gym/domain/time-of-day';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, payments, visits } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createStaff, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { queueDueDigests } from './weekly-digest.service';

const at = (date: string, time = '10:00') => aucklandInstant(calendarDate(date), time as TimeOfDay)!;

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let switchedOff: Awaited<ReturnType<typeof createStaff>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  // Sunday 29 November 2026, 8 pm in Auckland: last Monday's digest is long past, the next is due tomorrow.
  t.clock.set(at('2026-11-29', '20:00'));
  tenant = await createTenant(t.db);
  other = await createTenant(t.db);
  switchedOff = await createStaff(t.db, { organisationId: tenant.organisation.id, role: 'admin' });
  const org = tenant.organisation.id;
  const gymId = tenant.gymA.id;
  const offering = await createOffering(t.db, { organisationId: org, allGymsAccess: true });
  const price = await createPrice(t.db, { organisationId: org, offeringId: offering.id, amount: 5500 });
  // Periods paid to December, so Monday's run charges nobody and the figures stay the ones made here.
  const membership = async (name: string, input: Partial<Parameters<typeof createSubscription>[1]>) => {
    const user = await createMember(t.db, { organisationId: org, gymId, user: { name } });
    await createSubscription(t.db, {
      organisationId: org,
      gymId,
      userId: user.id,
      priceId: price.id,
      startDate: '2026-08-03',
      anchorDay: 3,
      currentPeriodStart: '2026-11-03',
      currentPeriodEnd: '2026-12-03',
      ...input,
    });
    return user;
  };
  // The week of 23 to 29 November: Mere joined on the 24th; Tama cancelled on the 25th, owing $55.00.
  await membership('Mere Walker', {
    startDate: '2026-11-24',
    anchorDay: 24,
    currentPeriodStart: '2026-11-24',
    currentPeriodEnd: '2026-12-24',
  });
  await membership('Tama Hohaia', { cancelledAt: at('2026-11-25'), balanceOwing: 5500, periodsOwing: 1 });
  // Rua came twice a week from 20 October to 16 November and not since: at risk on Monday.
  const rua = await membership('Rua Tane', {});
  for (let i = 0; i < 8; i += 1)
    await t.db.insert(visits).values({
      organisationId: org,
      gymId,
      userId: rua.id,
      visitedAt: at(addDays(calendarDate('2026-10-20'), i * 3)),
    });
  // Money in: $55.00 on the 26th and $30.50 (with its card surcharge) on the 27th; a failed one; and
  // one of the week before, which is not this week's.
  const payment = (key: string, createdAt: Date, status: string, amount: number, surcharge = 0) =>
    t.db.insert(payments).values({
      organisationId: org,
      gymId,
      userId: rua.id,
      type: 'bank_account',
      amount,
      surcharge,
      status,
      idempotencyKey: `digest-test-${key}`,
      createdAt,
    });
  await payment('a', at('2026-11-26'), 'sent', 5500);
  await payment('b', at('2026-11-27'), 'sent', 3000, 50);
  await payment('c', at('2026-11-27'), 'failed', 5500);
  await payment('d', at('2026-11-22'), 'sent', 9900);

  cookies.admin = await signIn(t.app, tenant.admin.email);
  cookies.off = await signIn(t.app, switchedOff.email);
  cookies.gymAdmin = await signIn(t.app, tenant.gymAdmin.email);
}, 120_000);
afterAll(() => t.close());

const send = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject(pageRequest({ method, url, cookie, ...(payload ? { payload } : {}) }));
const digestsTo = (email: string) =>
  t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith('Your week at'));
const queuedDigests = () =>
  t.db.select().from(outboundEmails).where(like(outboundEmails.key, 'weekly-digest:%'));

describe('GET/PUT /api/me/weekly-digest', () => {
  it('is on for an organisation admin until they switch it off', async () => {
    expect((await send('GET', '/api/me/weekly-digest', cookies.off!)).json()).toEqual({
      data: { weekly_digest: true },
    });
    const off = await send('PUT', '/api/me/weekly-digest', cookies.off!, { weekly_digest: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ data: { weekly_digest: false } });
    expect((await send('GET', '/api/me/weekly-digest', cookies.off!)).json().data.weekly_digest).toBe(false);
    // Another admin's setting is their own.
    expect((await send('GET', '/api/me/weekly-digest', cookies.admin!)).json().data.weekly_digest).toBe(true);
  });

  it('answers a field message for a value that is not on or off, and changes nothing', async () => {
    const res = await send('PUT', '/api/me/weekly-digest', cookies.admin!, { weekly_digest: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ weekly_digest: ['Choose on or off'] });
    expect((await send('GET', '/api/me/weekly-digest', cookies.admin!)).json().data.weekly_digest).toBe(true);
  });

  it('is for organisation admins only', async () => {
    expect((await send('GET', '/api/me/weekly-digest', cookies.gymAdmin!)).statusCode).toBe(403);
    expect(
      (await send('PUT', '/api/me/weekly-digest', cookies.gymAdmin!, { weekly_digest: false })).statusCode,
    ).toBe(403);
  });
});

describe('the Monday digest', () => {
  it('is not sent before 7 am on Monday', async () => {
    const res = await send('POST', '/api/dev/clock', cookies.admin!, { to: '2026-11-30T06:59:00+13:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await queuedDigests()).toHaveLength(0);
  });

  it('arrives when the clock passes Monday morning, with the week and links to the reports', async () => {
    const res = await send('POST', '/api/dev/clock', cookies.admin!, { to: '2026-11-30T07:30:00+13:00' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.mail.waitFor((m) => m.to.includes(tenant.admin.email.toLowerCase()));
    expect(mail.subject).toBe(`Your week at ${tenant.organisation.name}`);
    for (const line of [
      '- Joined: 1 new membership',
      '- Cancelled: 1 membership',
      '- Collected: $85.50 from 2 payments',
      '- Owing now: $55.00 from 1 member',
      '- At risk now: 1 member',
      '- Rua Tane: Visited twice a week from 20 October to 16 November, not once since 17 November',
      `See every report: ${t.env.APP_URL}/reports`,
      `See who is at risk and why: ${t.env.APP_URL}/reports/at-risk`,
    ])
      expect(mail.text).toContain(line);
    expect(mail.html).toContain(`href="${t.env.APP_URL}/reports/at-risk"`);
    expect(mail.text).toContain('23 November 2026 to 29 November 2026');
    // The other organisation's admin has their own organisation's week, and none of ours.
    const theirs = await t.mail.waitFor((m) => m.to.includes(other.admin.email.toLowerCase()));
    expect(theirs.subject).toBe(`Your week at ${other.organisation.name}`);
    expect(theirs.text).toContain('Nobody is at risk this week.');
    expect(theirs.text).not.toContain('Rua Tane');
  });

  it('does not come to an admin who switched it off, nor to a gym admin', () => {
    expect(digestsTo(switchedOff.email)).toHaveLength(0);
    expect(digestsTo(tenant.gymAdmin.email)).toHaveLength(0);
  });

  it('comes once: a later tick that Monday sends nothing more', async () => {
    const res = await send('POST', '/api/dev/clock', cookies.admin!, { to: '2026-11-30T11:00:00+13:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(digestsTo(tenant.admin.email)).toHaveLength(1);
    expect((await queuedDigests()).map((m) => m.key).sort()).toEqual(
      [
        `weekly-digest:${other.organisation.id}:user:${other.admin.id}:week:2026-11-30`,
        `weekly-digest:${tenant.organisation.id}:user:${tenant.admin.id}:week:2026-11-30`,
      ].sort(),
    );
  });

  it('several workers queue the next Monday’s once per admin', async () => {
    t.clock.set(at('2026-12-07', '07:01'));
    const deps = { db: t.db, clock: t.clock, env: t.env };
    const made = await Promise.all([queueDueDigests(deps), queueDueDigests(deps), queueDueDigests(deps)]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(2);
    const week = (await queuedDigests()).filter((m) => m.key.endsWith(':week:2026-12-07'));
    expect(week.map((m) => m.toAddress).sort()).toEqual([tenant.admin.email, other.admin.email].sort());
  });
});
