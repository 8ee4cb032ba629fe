// GET /api/reports/at-risk, its CSV and POST /api/reports/at-risk/contacts on a real database, over a small
// history made by hand (the clock at Friday 27 November 2026, 10 am in Auckland): who is at risk and the
// words why, worked out here from the visits, recorded pauses and failed charges; the follow-up of a month
// ago; roles, field messages and another organisation's 404.
import { atRiskAnswer } from '@gym/domain/api/at-risk';
import { aucklandInstant } from '@gym/domain/auckland-date-time';
import { addDays, calendarDate } from '@gym/domain/calendar-date';
import type { TimeOfDay } from '@gym/domain/time-of-day';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendActivity } from '../../db/activity';
import { atRiskContacts, charges, visits } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

const at = (date: string, time = '10:00') => aucklandInstant(calendarDate(date), time as TimeOfDay)!;
const days = (from: string, count: number, step = 1) =>
  Array.from({ length: count }, (_, i) => addDays(calendarDate(from), i * step));

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at('2026-11-27'));
  tenant = await createTenant(t.db);
  other = await createTenant(t.db);
  const org = tenant.organisation.id;
  const offering = await createOffering(t.db, { organisationId: org, allGymsAccess: true });
  const price = await createPrice(t.db, { organisationId: org, offeringId: offering.id, amount: 5500 });
  const member = async (
    name: string,
    history: { gym?: 'B'; cancelledAt?: Date; visitDays?: string[]; contacted?: string } = {},
  ) => {
    const gymId = history.gym === 'B' ? tenant.gymB.id : tenant.gymA.id;
    const user = await createMember(t.db, { organisationId: org, gymId, user: { name } });
    const sub = await createSubscription(t.db, {
      organisationId: org,
      gymId,
      userId: user.id,
      priceId: price.id,
      startDate: '2026-08-03',
      anchorDay: 3,
      cancelledAt: history.cancelledAt ?? null,
    });
    for (const day of history.visitDays ?? [])
      await t.db.insert(visits).values({ organisationId: org, gymId, userId: user.id, visitedAt: at(day) });
    if (history.contacted)
      await t.db.insert(atRiskContacts).values({
        organisationId: org,
        userId: user.id,
        contactedBy: tenant.admin.id,
        note: 'Rang them',
        contactedAt: at(history.contacted),
      });
    ids[name] = user.id;
    ids[`${name} membership`] = sub.id;
    return { user, sub, gymId };
  };

  // The list of today reads 17 October to 13 November against 14 to 27 November.
  // Aroha: 12 days in the four weeks (3 a week; twice on one day counts once), once since; a refused
  // unlock since does not count.
  const aroha = await member('Aroha Ngata', {
    visitDays: [...days('2026-10-17', 12, 2), '2026-10-17', '2026-11-20'],
  });
  await t.db.insert(visits).values({
    organisationId: org,
    gymId: aroha.gymId,
    userId: aroha.user.id,
    visitedAt: at('2026-11-21'),
    successful: false,
  });
  // Ben: twice a week before, twice a week since: not at risk.
  await member('Ben Tui', { visitDays: [...days('2026-10-17', 8, 3), ...days('2026-11-14', 4, 3)] });
  // Cara (the second gym): her pause began on 20 November (the run's recorded transition).
  const cara = await member('Cara Lee', { gym: 'B' });
  await appendActivity(t.db, {
    organisationId: org,
    actorUserId: null,
    subjectType: 'subscription',
    subjectId: cara.sub.id,
    userId: cara.user.id,
    action: 'subscription.pause_started',
    createdAt: at('2026-11-20', '00:05'),
  });
  // Dan: a $55.00 charge failed on 16 November, unpaid.
  const dan = await member('Dan Wu');
  await t.db.insert(charges).values({
    organisationId: org,
    subscriptionId: dan.sub.id,
    periodStart: '2026-11-16',
    dueDate: '2026-11-16',
    amount: 5500,
    status: 'unpaid',
    firstFailedAt: at('2026-11-16', '00:10'),
  });
  // Eve fell away too, but has left: not listed. Fay's failure was before the fortnight: not listed.
  await member('Eve Rua', { visitDays: days('2026-10-17', 8, 3), cancelledAt: at('2026-11-10') });
  const fay = await member('Fay Ono');
  await t.db.insert(charges).values({
    organisationId: org,
    subscriptionId: fay.sub.id,
    periodStart: '2026-11-01',
    dueDate: '2026-11-01',
    amount: 5500,
    status: 'unpaid',
    firstFailedAt: at('2026-11-01', '00:10'),
  });

  // A month ago (28 October: 17 September to 14 October against 15 to 28 October) Gus, Hana, Ivan, Jo
  // and Kim had come twice a week and stopped. Gus and Hana were contacted (20 and 25 October); Hana
  // left on 10 November; of the others not contacted, Ivan left on 5 November.
  const fellAway = days('2026-09-17', 8, 3);
  await member('Gus Pita', { visitDays: fellAway, contacted: '2026-10-20' });
  await member('Hana Kora', { visitDays: fellAway, contacted: '2026-10-25', cancelledAt: at('2026-11-10') });
  await member('Ivan Moe', { visitDays: fellAway, cancelledAt: at('2026-11-05') });
  await member('Jo Rewi', { visitDays: fellAway });
  await member('Kim Hapa', { visitDays: fellAway });

  // The other organisation's member at risk: never seen here.
  const theirOffering = await createOffering(t.db, {
    organisationId: other.organisation.id,
    allGymsAccess: true,
  });
  const theirPrice = await createPrice(t.db, {
    organisationId: other.organisation.id,
    offeringId: theirOffering.id,
  });
  const theirs = await createMember(t.db, {
    organisationId: other.organisation.id,
    user: { name: 'Other Person' },
  });
  const theirSub = await createSubscription(t.db, {
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
    userId: theirs.id,
    priceId: theirPrice.id,
  });
  await t.db.insert(charges).values({
    organisationId: other.organisation.id,
    subscriptionId: theirSub.id,
    periodStart: '2026-11-20',
    dueDate: '2026-11-20',
    amount: 5500,
    firstFailedAt: at('2026-11-20'),
  });
  ids.theirs = theirs.id;

  cookies.admin = await signIn(t.app, tenant.admin.email);
  cookies.gymAdmin = await signIn(t.app, tenant.gymAdmin.email);
  cookies.trainer = await signIn(t.app, tenant.trainer.email);
  cookies.otherAdmin = await signIn(t.app, other.admin.email);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject(pageRequest({ method: 'GET', url, cookie }));
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject(pageRequest({ method: 'POST', url, cookie, payload }));

async function report(cookie: string, query = '') {
  const res = await get(`/api/reports/at-risk${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return atRiskAnswer.parse(res.json());
}

describe('GET /api/reports/at-risk', () => {
  it('lists who is at risk, by name, each with the reason in words', async () => {
    const answer = await report(cookies.admin!);
    expect(answer.data.map((r) => [r.user.name, r.gym.name, r.reasons.map((x) => x.text)])).toEqual([
      [
        'Aroha Ngata',
        tenant.gymA.name,
        ['Visited 3 times a week from 17 October to 13 November, once since 14 November'],
      ],
      ['Cara Lee', tenant.gymB.name, ['Paused their membership on 20 November']],
      ['Dan Wu', tenant.gymA.name, ['A payment of $55.00 failed on 16 November, still unpaid']],
    ]);
    expect(answer.meta).toMatchObject({
      total: 3,
      current_page: 1,
      last_page: 1,
      window: { baseline_from: '2026-10-17', recent_from: '2026-11-14', through: '2026-11-27' },
    });
  });

  it('sets those contacted a month or more ago against those at risk then and not contacted', async () => {
    const { follow_up } = (await report(cookies.admin!)).meta;
    expect(follow_up).toEqual({
      contacts_from: '2026-09-29',
      as_of: '2026-10-28',
      // Gus stayed, Hana left.
      contacted: { members: 2, stayed: 1, in_words: '1 of 2 (50%)' },
      // Jo and Kim stayed, Ivan left.
      not_contacted: { members: 3, stayed: 2, in_words: '2 of 3 (67%)' },
    });
  });

  it('pages, and filters by gym', async () => {
    const first = await report(cookies.admin!, '?per_page=2');
    expect(first.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    const second = await report(cookies.admin!, '?per_page=2&page=2');
    expect(second.data.map((r) => r.user.name)).toEqual(['Dan Wu']);
    const north = await report(cookies.admin!, `?gym_id=${tenant.gymB.id}`);
    expect(north.data.map((r) => r.user.name)).toEqual(['Cara Lee']);
  });

  it('shows a gym admin their gym only; a trainer and another gym are refused', async () => {
    const mine = await report(cookies.gymAdmin!);
    expect(mine.data.map((r) => r.user.name)).toEqual(['Aroha Ngata', 'Dan Wu']);
    expect((await get(`/api/reports/at-risk?gym_id=${tenant.gymB.id}`, cookies.gymAdmin!)).statusCode).toBe(
      403,
    );
    expect((await get('/api/reports/at-risk', cookies.trainer!)).statusCode).toBe(403);
  });

  it('answers field messages for a bad filter', async () => {
    const res = await get('/api/reports/at-risk?gym_id=abc&per_page=500', cookies.admin!);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ gym_id: ['Choose a gym'] });
    expect(res.json().errors.per_page).toBeDefined();
  });

  it('keeps organisations apart', async () => {
    const theirs = await report(cookies.otherAdmin!);
    expect(theirs.data.map((r) => r.user.name)).toEqual(['Other Person']);
    await expectIsolated(t.app, cookies.otherAdmin!, [
      {
        name: 'another organisation’s gym',
        request: { method: 'GET', url: `/api/reports/at-risk?gym_id=${tenant.gymA.id}` },
        mustNotContain: ['Aroha'],
      },
      {
        name: 'contacting another organisation’s member',
        request: {
          method: 'POST',
          url: '/api/reports/at-risk/contacts',
          payload: { user_id: ids['Dan Wu'], note: 'Hello' },
        },
      },
      {
        name: 'exporting another organisation’s gym',
        request: { method: 'POST', url: '/api/reports/at-risk/export', payload: { gym_id: tenant.gymA.id } },
        mustNotContain: ['Aroha'],
      },
    ]);
  });
});

describe('POST /api/reports/at-risk/contacts', () => {
  const contactsOf = (userId: number) =>
    t.db.select().from(atRiskContacts).where(eq(atRiskContacts.userId, userId));

  it('marks a member contacted with the note; the list shows it', async () => {
    const res = await post('/api/reports/at-risk/contacts', cookies.admin!, {
      user_id: ids['Dan Wu'],
      note: '  Card expired, sending a new one  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      note: 'Card expired, sending a new one',
      contacted_at: expect.stringMatching(/^2026-11-26T2/),
      by: { id: tenant.admin.id },
    });
    const rows = await contactsOf(ids['Dan Wu']!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ organisationId: tenant.organisation.id, contactedBy: tenant.admin.id });
    const dan = (await report(cookies.admin!)).data.find((r) => r.user.name === 'Dan Wu');
    expect(dan?.last_contact).toMatchObject({
      note: 'Card expired, sending a new one',
      by: { id: tenant.admin.id },
    });
  });

  it('refuses an empty note or no member with field messages, and writes nothing', async () => {
    const res = await post('/api/reports/at-risk/contacts', cookies.admin!, { note: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ user_id: ['Choose a member'], note: ['Write what was said'] });
    const long = await post('/api/reports/at-risk/contacts', cookies.admin!, {
      user_id: ids['Aroha Ngata'],
      note: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(422);
    expect(await contactsOf(ids['Aroha Ngata']!)).toHaveLength(0);
  });

  it('a gym admin contacts members of their gyms only; another organisation’s member is not found', async () => {
    const cara = await post('/api/reports/at-risk/contacts', cookies.gymAdmin!, {
      user_id: ids['Cara Lee'],
      note: 'Hello',
    });
    expect(cara.statusCode).toBe(404);
    const theirs = await post('/api/reports/at-risk/contacts', cookies.admin!, {
      user_id: ids.theirs,
      note: 'Hi',
    });
    expect(theirs.statusCode).toBe(404);
    expect(await contactsOf(ids['Cara Lee']!)).toHaveLength(0);
    expect(await contactsOf(ids.theirs!)).toHaveLength(0);
    const trainer = await post('/api/reports/at-risk/contacts', cookies.trainer!, {
      user_id: ids['Aroha Ngata'],
      note: 'Hi',
    });
    expect(trainer.statusCode).toBe(403);
  });
});

describe('POST /api/reports/at-risk/export', () => {
  it('answers the list as CSV', async () => {
    const res = await post('/api/reports/at-risk/export', cookies.admin!, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('members-at-risk-2026-11-27.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Member ID,Member,Member email,Gym,Reasons,Last contacted,Contact note');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Aroha Ngata');
    expect(lines[1]).toContain(
      '"Visited 3 times a week from 17 October to 13 November, once since 14 November"',
    );
    expect(lines[3]).toContain('A payment of $55.00 failed on 16 November');
  });
});
