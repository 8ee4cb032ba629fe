// The member's own account (issue 24) on a real database and the provider simulators: what each call
// answers and writes, that pause, cancel, undo and pay-now go through the staff's services with the member
// as the actor, the gym's self-service limits, and that a member reaches only their own records.
import { randomUUID } from 'node:crypto';
import { addDays } from '@gym/domain/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, payments, subscriptionPauses, users } from '../../db/schema/index';
import { createStaff, unique } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { doorState, doorsAt, memberCanSignIn } from '../../test/membership-lifecycle';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { joinableGym, call as joinCall, saveCard } from '../registration/registration.test-support';
import {
  activityOf,
  call,
  failedCharge,
  makeWorld,
  ok,
  pausesOf,
  subscriptionRow,
  todayOf,
  type World,
} from '../subscriptions/subscriptions.test-support';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { collectedPayment, setOrganisation, signedInMember } from './account.test-support';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  w = await makeWorld(t);
}, 60_000);
afterAll(() => t.close());

const today = () => todayOf(t);
const get = (cookie: string, url: string) => call(w, cookie, { method: 'GET', url });
const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
  call(w, cookie, { method: 'POST', url, payload });

describe('GET /api/me/account', () => {
  it('shows the membership card, the next payment and door access in words', async () => {
    const { cookie, sub, start } = await signedInMember(w, { amount: 2100 });
    const body = await ok(w, cookie, { method: 'GET', url: '/api/me/account' });
    expect(body.data.membership).toMatchObject({
      subscription: { id: sub.id, state: 'active', card_colour: 'green' },
      frequency_label: expect.any(String),
      membership_type_label: 'Flexi Membership',
      next_payment: { date: addDays(start, 7), total: 2100, formatted_total: '$21.00' },
      door_access: { open: true, text: 'Your tag opens the doors' },
      cancelled_online: false,
    });
    expect(body.data.self_service).toMatchObject({
      member_pauses_allowed: true,
      member_online_cancellation: true,
    });
  });

  it('refuses staff (they have the back office) and guests', async () => {
    expect((await get(w.cookies.admin, '/api/me/account')).statusCode).toBe(403);
    const guest = await t.app.inject(pageRequest({ method: 'GET', url: '/api/me/account' }));
    expect(guest.statusCode).toBe(401);
  });
});

describe('payments and receipts', () => {
  it('lists payments in plain words and prints a receipt as taxable supply information', async () => {
    await setOrganisation(t, w.tenant.organisation.id, {
      legalName: 'Tenant Fitness Limited',
      gstNumber: '123-456-789',
    });
    const { cookie, sub, member } = await signedInMember(w);
    await t.db
      .update(users)
      .set({ address: '1 Queen Street', city: 'Auckland', postCode: '1010' })
      .where(eq(users.id, member.id));
    const ids = { id: sub.id, userId: member.id, gymId: w.tenant.gymA.id };
    const small = await collectedPayment(w, ids, addDays(today(), -30), 4600, addDays(today(), -23));
    const large = await collectedPayment(w, ids, addDays(today(), -60), 120_000);
    const failed = await failedCharge(w, ids, 2100);

    const list = await ok(w, cookie, { method: 'GET', url: '/api/me/payments' });
    expect(list.meta.total).toBe(3);
    const failedRow = list.data.find((p: { status: string }) => p.status === 'failed');
    expect(failedRow).toMatchObject({
      has_receipt: false,
      status_text: expect.stringContaining('Did not go through'),
    });

    const receipt = (await ok(w, cookie, { method: 'GET', url: `/api/me/payments/${small.id}/receipt` }))
      .data;
    expect(receipt).toMatchObject({
      number: `P${small.id}`,
      supplier: { legal_name: 'Tenant Fitness Limited', gst_number: '123-456-789' },
      total: 4600,
      gst: 600,
      formatted_gst: '$6.00',
      recipient: null,
    });
    expect(receipt.lines).toContain('GST included: $6.00');
    const big = (await ok(w, cookie, { method: 'GET', url: `/api/me/payments/${large.id}/receipt` })).data;
    expect(big.gst).toBe(15_652); // 120,000 × 3 ÷ 23 = 15,652.17
    expect(big.recipient).toEqual({ name: member.name, address: '1 Queen Street, Auckland 1010' });

    const [failedAttempt] = await t.db.select().from(payments).where(eq(payments.chargeId, failed.id));
    expect((await get(cookie, `/api/me/payments/${failedAttempt!.id}/receipt`)).statusCode).toBe(404);
    // Another member's payment: 404, none of it shown.
    const other = await signedInMember(w);
    await expectIsolated(t.app, other.cookie, [
      {
        name: 'receipt of another member',
        request: { method: 'GET', url: `/api/me/payments/${small.id}/receipt` },
        refusedWith: [404],
        mustNotContain: [member.name],
      },
    ]);
    const theirs = await ok(w, other.cookie, { method: 'GET', url: '/api/me/payments' });
    expect(theirs.data).toEqual([]);
  });
});

describe('pausing online', () => {
  it('previews like staff, books through the same service with the member as the actor, and removes it', async () => {
    await setOrganisation(t, w.tenant.organisation.id, {
      memberPausesAllowed: true,
      memberPauseMinDays: 7,
      memberPauseMaxDays: 30,
      memberPausesPerYear: 2,
      memberPauseNoticeDays: 0,
    });
    const { cookie, sub, member } = await signedInMember(w);
    const pause = { start_date: addDays(today(), 10), end_date: addDays(today(), 24) };

    const tooLong = await post(cookie, '/api/me/pause', { ...pause, end_date: addDays(today(), 50) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.end_date).toEqual(['A pause can be at most 30 days']);
    expect(tooLong.json().message).toContain('30 days');

    const preview = await ok(w, cookie, {
      method: 'POST',
      url: '/api/me/pause',
      payload: { ...pause, dry_run: true },
    });
    expect(preview.data.subscription).toBeNull();
    expect(preview.data.preview).toMatchObject({ days: 14, next_charge_date: expect.any(String) });
    expect(await pausesOf(w, sub.id)).toHaveLength(0);

    const [first, again] = await Promise.all([
      post(cookie, '/api/me/pause', pause),
      post(cookie, '/api/me/pause', pause),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    const booked = await pausesOf(w, sub.id);
    expect(booked).toHaveLength(1);
    const [logged] = await activityOf(w, member.id, 'subscription.pause_scheduled');
    expect(logged!.actorUserId).toBe(member.id);

    const removed = await call(w, cookie, { method: 'DELETE', url: `/api/me/pauses/${booked[0]!.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.pause).toBeNull();
    const [gone] = await activityOf(w, member.id, 'subscription.pause_removed');
    expect(gone!.actorUserId).toBe(member.id);
  });

  it('counts pauses per 12 months and refuses when the gym allows none', async () => {
    await setOrganisation(t, w.tenant.organisation.id, {
      memberPausesAllowed: true,
      memberPausesPerYear: 1,
      memberPauseMinDays: 7,
      memberPauseMaxDays: 30,
      memberPauseNoticeDays: 0,
    });
    const { cookie, sub } = await signedInMember(w);
    const next = { start_date: addDays(today(), 2), end_date: addDays(today(), 9), dry_run: true };
    // A removed pause does not count.
    await t.db.insert(subscriptionPauses).values({
      organisationId: w.tenant.organisation.id,
      subscriptionId: sub.id,
      startDate: addDays(today(), -100),
      endDate: addDays(today(), -90),
      cancelledAt: t.clock.now(),
    });
    expect((await post(cookie, '/api/me/pause', next)).statusCode).toBe(200);
    // One taken (and ended) within 12 months does.
    await t.db.insert(subscriptionPauses).values({
      organisationId: w.tenant.organisation.id,
      subscriptionId: sub.id,
      startDate: addDays(today(), -60),
      endDate: addDays(today(), -50),
      appliedAt: t.clock.now(),
      endedAt: t.clock.now(),
    });
    const used = await post(cookie, '/api/me/pause', next);
    expect(used.statusCode).toBe(422);
    expect(used.json().errors.start_date[0]).toContain('once in 12 months');
    await setOrganisation(t, w.tenant.organisation.id, {
      memberPausesAllowed: false,
      memberPausesPerYear: 2,
    });
    const refused = await post(cookie, '/api/me/pause', next);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.start_date[0]).toContain('front desk');
    await setOrganisation(t, w.tenant.organisation.id, { memberPausesAllowed: true });
  });
});

describe('cancelling online', () => {
  it('says when it ends, cancels with the member as the actor, emails a confirmation, and undoes', async () => {
    const { cookie, sub, member, start } = await signedInMember(w);
    const body = { cancellation_reasons: ['moving_away'], cancellation_comments: null };
    const preview = await ok(w, cookie, {
      method: 'POST',
      url: '/api/me/cancel',
      payload: { ...body, dry_run: true },
    });
    expect(preview.data.preview).toMatchObject({ kind: 'flexi', ends_on: addDays(start, 7) });
    expect((await subscriptionRow(w, sub.id)).cancelledAt).toBeNull();

    const done = await ok(w, cookie, { method: 'POST', url: '/api/me/cancel', payload: body });
    expect(done.data.subscription.state).toBe('cancelled');
    const [logged] = await activityOf(w, member.id, 'subscription.cancelled');
    expect(logged!.actorUserId).toBe(member.id);
    const mail = await t.mail.waitFor(
      (m) => m.to.includes(member.email.toLowerCase()) && m.subject.includes('cancelled'),
    );
    expect(mail.text).toContain('This email is your confirmation');
    const account = await ok(w, cookie, { method: 'GET', url: '/api/me/account' });
    expect(account.data.membership.cancelled_online).toBe(true);
    // Staff see it: the members list's "cancelled online" filter, and "by the member" in the log.
    const listed = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/members?cancelled_online=true&search=${encodeURIComponent(member.email)}`,
    });
    expect(listed.data.map((m: { id: number }) => m.id)).toEqual([member.id]);
    const staffCancel = await signedInMember(w);
    await ok(w, w.cookies.admin, {
      method: 'POST',
      url: `/api/subscriptions/${staffCancel.sub.id}/cancel`,
      payload: body,
    });
    const notOnline = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/members?cancelled_online=true&search=${encodeURIComponent(staffCancel.member.email)}`,
    });
    expect(notOnline.data).toEqual([]);
    const log = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/members/${member.id}/activity-log`,
    });
    const entry = log.data.find((a: { action: string }) => a.action === 'subscription.cancelled');
    expect(entry).toMatchObject({ by_member: true, actor: { id: member.id } });
    // Sent twice, it cancels once.
    expect((await post(cookie, '/api/me/cancel', body)).statusCode).toBe(409);

    const undone = await ok(w, cookie, { method: 'POST', url: '/api/me/undo-cancellation' });
    expect(undone.data.cancelled_at).toBeNull();
    const [undoLogged] = await activityOf(w, member.id, 'subscription.cancellation_undone');
    expect(undoLogged!.actorUserId).toBe(member.id);
  });

  it('is refused when the gym takes cancellations only at the desk', async () => {
    await setOrganisation(t, w.tenant.organisation.id, { memberOnlineCancellation: false });
    const { cookie, sub } = await signedInMember(w);
    const res = await post(cookie, '/api/me/cancel', { cancellation_reasons: ['cost'] });
    expect(res.statusCode).toBe(403);
    expect((await subscriptionRow(w, sub.id)).cancelledAt).toBeNull();
    await setOrganisation(t, w.tenant.organisation.id, { memberOnlineCancellation: true });
  });
});

describe('POST /api/me/pay-now', () => {
  it('retries what is owed with the current method through staff’s retry, once however often asked', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub } = await signedInMember(w, { member: bank.member, paymentTypeId: bank.paymentTypeId });
    const { signIn } = await import('../../test/sign-in');
    const cookie = await signIn(t.app, bank.member.email);
    const charge = await failedCharge(
      w,
      { id: sub.id, userId: bank.member.id, gymId: w.tenant.gymA.id },
      3500,
    );
    expect((await subscriptionRow(w, sub.id)).balanceOwing).toBe(3500);

    const [one, two] = await Promise.all([post(cookie, '/api/me/pay-now'), post(cookie, '/api/me/pay-now')]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const attempts = await t.db.select().from(payments).where(eq(payments.chargeId, charge.id));
    expect(attempts).toHaveLength(2);
    const retry = attempts.find((a) => a.isRetry)!;
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'payment.retried_by_member'), eq(activityLog.subjectId, retry.id)));
    expect(logged[0]!.actorUserId).toBe(bank.member.id);
    // The bank's answer arrives by webhook: the charge is paid, grace clears, and the member should have
    // door access (what staff's access-control screen reads).
    await expect
      .poll(async () => (await subscriptionRow(w, sub.id)).balanceOwing, { timeout: 20_000 })
      .toBe(0);
    expect((await subscriptionRow(w, sub.id)).gracePeriodEndsAt).toBeNull();
    const access = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/members/${bank.member.id}/access-control`,
    });
    expect(access.data.should_have_access).toBe(true);
    const home = await ok(w, cookie, { method: 'GET', url: '/api/me/account' });
    expect(home.data.membership.door_access).toEqual({ open: true, text: 'Your tag opens the doors' });
  });

  it('is reached by a member whose charge failed after they confirmed: they are joined, pay by card, and the doors open', async () => {
    // Staff add a member starting in three days; the member confirms by card (nothing charged yet).
    const { organisation, gym, price } = await joinableGym(t, { stripe: true });
    const staff = await createStaff(t.db, { organisationId: organisation.id, role: 'admin' });
    const admin = await signIn(t.app, staff.email);
    await doorsAt(t, organisation.id, gym.id, admin);
    const email = `${unique('grace')}@example.co.nz`;
    const added = await call(w, admin, {
      method: 'POST',
      url: '/api/members',
      payload: {
        name: 'Aroha Grace',
        email,
        mobile_number: '021 555 0191',
        gym_id: gym.id,
        price_id: price.id,
        start_date: addDays(today(), 3),
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const userId = added.json().data.id as number;
    await memberCanSignIn(t, userId, staff.id);
    const cookie = await signIn(t.app, email);
    const member = joinCall(t, cookie);
    await saveCard(t, cookie, '4242424242424242');
    const confirmed = await member.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;
    // Confirmed: their account, not the joining steps, though the first period is charged later.
    expect((await member.get('/api/me')).json().data.registration_complete).toBe(true);

    // Started early, its charge is declined: a debt (not a first payment declined at confirmation), grace.
    t.sandbox.controls.stripe.failCardChargesOf(email, 'insufficient_funds', 1);
    const started = await call(w, admin, {
      method: 'POST',
      url: `/api/subscriptions/${subId}/start-early`,
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    const owing = await subscriptionRow(w, subId);
    expect(owing.balanceOwing).toBeGreaterThan(0);
    expect(owing.gracePeriodEndsAt).not.toBeNull();
    expect((await member.get('/api/me')).json().data.registration_complete).toBe(true);
    const home = await ok(w, cookie, { method: 'GET', url: '/api/me/account' });
    expect(home.data.membership.subscription).toMatchObject({
      state: 'grace',
      balance_owing: owing.balanceOwing,
    });

    // They pay what is owed with the same card: nothing owed, grace over, the doors open in the same minute.
    const paid = await post(cookie, '/api/me/pay-now');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      balance_owing: 0,
      door_access: { open: true, text: 'Your tag opens the doors' },
    });
    expect(await subscriptionRow(w, subId)).toMatchObject({ balanceOwing: 0, gracePeriodEndsAt: null });
    expect(await doorState(t, admin, userId)).toEqual({ should_have_access: true, has_access: true });
  });

  it('answers 409 when nothing is owed', async () => {
    const { cookie } = await signedInMember(w);
    expect((await post(cookie, '/api/me/pay-now')).statusCode).toBe(409);
  });
});

describe('payment methods', () => {
  it('lists ways to pay with the next payment by bank and by card, and makes one the default', async () => {
    const bank = await bankMember(t, w.tenant);
    await signedInMember(w, { member: bank.member, paymentTypeId: null, amount: 2000 });
    const { signIn } = await import('../../test/sign-in');
    const cookie = await signIn(t.app, bank.member.email);
    const list = await ok(w, cookie, { method: 'GET', url: '/api/me/payment-methods' });
    expect(list.data.methods).toEqual([
      expect.objectContaining({ id: bank.paymentTypeId, type: 'bank_account' }),
    ]);
    expect(list.data.next_payment_by_type.bank_account.total).toBe(2000);
    const made = await ok(w, cookie, {
      method: 'POST',
      url: `/api/me/payment-methods/${bank.paymentTypeId}/default`,
    });
    expect(made.data.methods[0].is_default).toBe(true);
    const other = await bankMember(t, w.tenant);
    expect((await post(cookie, `/api/me/payment-methods/${other.paymentTypeId}/default`)).statusCode).toBe(
      404,
    );
  });
});

describe('my details', () => {
  it('changes only the fields sent, and logs the member as the actor', async () => {
    const { cookie, member } = await signedInMember(w);
    await t.db
      .update(users)
      .set({ mobileNumber: '021 000 1111', city: 'Hamilton' })
      .where(eq(users.id, member.id));
    const res = await ok(w, cookie, {
      method: 'PUT',
      url: '/api/me/details',
      payload: { suburb: 'Ponsonby', payment_reminders: false },
    });
    expect(res.data).toMatchObject({
      suburb: 'Ponsonby',
      mobile_number: '021 000 1111',
      city: 'Hamilton',
      payment_reminders: false,
    });
    const bad = await call(w, cookie, {
      method: 'PUT',
      url: '/api/me/details',
      payload: { emergency_contact_email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    const [logged] = await activityOf(w, member.id, 'member.details_changed');
    expect(logged!.actorUserId).toBe(member.id);
  });

  it('keeps the old email until the code sent to the new one is entered', async () => {
    const { cookie, member } = await signedInMember(w);
    const fresh = `${member.email.split('@')[0]}-new@example.co.nz`;
    expect((await post(cookie, '/api/me/email-change', { email: w.tenant.admin.email })).statusCode).toBe(
      422,
    );
    expect((await post(cookie, '/api/me/email-change', { email: fresh })).statusCode).toBe(200);
    const mail = await t.mail.waitFor((m) => m.to.includes(fresh.toLowerCase()));
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;
    const before = await ok(w, cookie, { method: 'GET', url: '/api/me/details' });
    expect(before.data).toMatchObject({ email: member.email, pending_email: fresh });
    const wrong = await post(cookie, '/api/me/email-change/confirm', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const done = await ok(w, cookie, {
      method: 'POST',
      url: '/api/me/email-change/confirm',
      payload: { code },
    });
    expect(done.data).toMatchObject({ email: fresh, pending_email: null });
  });

  it('changes the password with the current one', async () => {
    const { cookie } = await signedInMember(w);
    const wrong = await call(w, cookie, {
      method: 'POST',
      url: '/api/me/password',
      payload: {
        current_password: 'not-it-at-all',
        password: 'totara-river-dawn',
        password_confirmation: 'totara-river-dawn',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    const { TEST_PASSWORD } = await import('../../test/factories');
    const done = await call(w, cookie, {
      method: 'POST',
      url: '/api/me/password',
      payload: {
        current_password: TEST_PASSWORD,
        password: 'totara-river-dawn',
        password_confirmation: 'totara-river-dawn',
      },
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('GET /api/me/data-export', () => {
  it('is a JSON file of the profile, memberships, payments, visits and activity, without secrets', async () => {
    const { cookie, sub, member } = await signedInMember(w);
    await collectedPayment(
      w,
      { id: sub.id, userId: member.id, gymId: w.tenant.gymA.id },
      addDays(today(), -3),
      2100,
    );
    await post(cookie, '/api/me/pause', { start_date: addDays(today(), 5), end_date: addDays(today(), 12) });
    const res = await get(cookie, '/api/me/data-export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-gym-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({ id: member.id, email: member.email, name: member.name });
    expect(data.memberships.map((m: { id: number }) => m.id)).toEqual([sub.id]);
    expect(data.memberships[0].pauses, JSON.stringify(data.memberships[0])).toEqual([
      expect.objectContaining({ start_date: addDays(today(), 5), end_date: addDays(today(), 12) }),
    ]);
    expect(data.payments).toHaveLength(1);
    expect(data.visits).toEqual([]);
    expect(
      data.activity.some(
        (a: { action: string; by: string }) => a.action === 'subscription.pause_scheduled' && a.by === 'you',
      ),
    ).toBe(true);
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('$argon');
  });
});

describe('every /api/me call of the account', () => {
  it('refuses staff sessions and answers another member’s records 404', async () => {
    const { member, sub } = await signedInMember(w);
    const paid = await collectedPayment(
      w,
      { id: sub.id, userId: member.id, gymId: w.tenant.gymA.id },
      addDays(today(), -3),
      2100,
    );
    const routes = [
      { method: 'GET', url: '/api/me/account' },
      { method: 'GET', url: '/api/me/payments' },
      { method: 'GET', url: `/api/me/payments/${paid.id}/receipt` },
      { method: 'POST', url: '/api/me/pay-now', payload: {} },
      { method: 'GET', url: '/api/me/payment-methods' },
      { method: 'POST', url: '/api/me/payment-methods/1/default', payload: {} },
      {
        method: 'POST',
        url: '/api/me/pause',
        payload: { start_date: addDays(today(), 3), end_date: addDays(today(), 12) },
      },
      { method: 'DELETE', url: '/api/me/pauses/1' },
      { method: 'POST', url: '/api/me/cancel', payload: { cancellation_reasons: ['cost'] } },
      { method: 'POST', url: '/api/me/undo-cancellation', payload: {} },
      { method: 'GET', url: '/api/me/details' },
      { method: 'PUT', url: '/api/me/details', payload: { city: 'Nelson' } },
      { method: 'POST', url: '/api/me/email-change', payload: { email: 'someone-new@example.co.nz' } },
      { method: 'POST', url: '/api/me/email-change/confirm', payload: { code: '123456' } },
      {
        method: 'POST',
        url: '/api/me/password',
        payload: { current_password: 'x', password: 'y', password_confirmation: 'y' },
      },
      { method: 'GET', url: '/api/me/data-export' },
    ] as const;
    for (const cookie of [w.cookies.admin, w.cookies.trainer, w.cookies.otherAdmin]) {
      await expectIsolated(
        t.app,
        cookie,
        routes.map((request) => ({
          name: `${request.method} ${request.url}`,
          request,
          refusedWith: [403],
          mustNotContain: [member.name],
        })),
      );
    }
    // Another member reaches none of this member's records: their own (empty) answers, or 404.
    const other = await signedInMember(w);
    await expectIsolated(t.app, other.cookie, [
      {
        name: 'receipt',
        request: { method: 'GET', url: `/api/me/payments/${paid.id}/receipt` },
        refusedWith: [404],
        mustNotContain: [member.name],
      },
      {
        name: 'remove a pause of another',
        request: { method: 'DELETE', url: `/api/me/pauses/${(await pausesOf(w, sub.id))[0]?.id ?? 999999}` },
        refusedWith: [404],
      },
    ]);
    for (const request of routes.filter((r) => r.method === 'GET' && !r.url.includes('receipt'))) {
      const res = await get(other.cookie, request.url);
      expect(res.body, request.url).not.toContain(member.name);
      expect(res.body, request.url).not.toContain(member.email);
    }
    // The member's records in the other organisation: 404 for the other organisation's member too.
    const outsider = await signedInMember({ ...w, tenant: w.other });
    const refused = await get(outsider.cookie, `/api/me/payments/${paid.id}/receipt`);
    expect(refused.statusCode).toBe(404);
  });
});
