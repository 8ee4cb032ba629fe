// Pausing, cancelling and undoing on a real database: the preview staff read first, the change itself
// (one transaction, logged with who did it), the state rules a stale page meets (409), every validation
// message, and repeats that change nothing. Each test makes its own members.
import { addDays } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  activityOf,
  call,
  makeWorld,
  ok,
  pausesOf,
  subscriptionRow,
  todayOf,
  type World,
  weeklyMember,
} from './subscriptions.test-support';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
}, 60_000);
afterAll(() => t.close());

const today = () => todayOf(t);
const pause = (id: number, payload: Record<string, unknown>, cookie = w.cookies.admin) =>
  call(w, cookie, { method: 'POST', url: `/api/subscriptions/${id}/pause`, payload });
const cancel = (id: number, payload: Record<string, unknown>, cookie = w.cookies.admin) =>
  call(w, cookie, { method: 'POST', url: `/api/subscriptions/${id}/cancel`, payload });

describe('GET /api/subscriptions/{id}/actions', () => {
  it('answers the derived state, card colour and the actions allowed now', async () => {
    const { sub } = await weeklyMember(w);
    const { data } = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/subscriptions/${sub.id}/actions`,
    });
    expect(data).toMatchObject({
      id: sub.id,
      state: 'active',
      card_colour: 'green',
      pause: null,
      can: { pause: true, cancel: true, undo_cancellation: false, start_early: false, record_payment: false },
    });
  });
});

describe('POST /api/subscriptions/{id}/pause', () => {
  it('previews the credit days without booking anything (BILLING.md: paid Mon 1–8, paused Thu 4–18)', async () => {
    // Paid from three days ago for a week; paused from today for 14 days: today and the next 3 days are
    // paid days inside the pause (4 days), and the next charge is the first day back plus 4.
    const { sub } = await weeklyMember(w, { paidFrom: 3 });
    const res = await pause(sub.id, {
      start_date: today(),
      end_date: addDays(today(), 14),
      reason: 'Broken wrist',
      dry_run: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      preview: {
        start_date: today(),
        end_date: addDays(today(), 14),
        days: 14,
        credit_days: 4,
        next_charge_date: addDays(today(), 18),
        moves_start_date: false,
        starts_today: true,
      },
      subscription: null,
    });
    expect(await pausesOf(w, sub.id)).toHaveLength(0);
  });

  it('pauses from today at once: paused, amber, next charge moved, logged with the staff member', async () => {
    const { sub, member } = await weeklyMember(w, { paidFrom: 3 });
    const body = { start_date: today(), end_date: addDays(today(), 14), reason: 'Broken wrist' };
    const res = await pause(sub.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.subscription).toMatchObject({
      state: 'paused',
      card_colour: 'amber',
      current_period_end: addDays(today(), 18),
      pause: {
        start_date: today(),
        end_date: addDays(today(), 14),
        credit_days: 4,
        reason: 'Broken wrist',
        status: 'active',
      },
      can: { pause: false, remove_pause: false },
    });
    const row = await subscriptionRow(w, sub.id);
    expect(row.pausedAt).not.toBeNull();
    expect(row.pauseDaysCredit).toBe(4);
    const [logged] = await activityOf(w, member.id, 'subscription.pause_scheduled');
    expect(logged).toMatchObject({
      actorUserId: w.tenant.admin.id,
      data: expect.objectContaining({ reason: 'Broken wrist' }),
    });
    expect(await activityOf(w, member.id, 'subscription.pause_started')).toHaveLength(1);

    // The same pause sent again is booked once; a different one while this is open is refused.
    expect((await pause(sub.id, body)).statusCode).toBe(200);
    expect(await pausesOf(w, sub.id)).toHaveLength(1);
    const second = await pause(sub.id, {
      ...body,
      start_date: addDays(today(), 20),
      end_date: addDays(today(), 21),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already has a pause/);
    expect(await pausesOf(w, sub.id)).toHaveLength(1);
  });

  it('books a later pause for the billing run and removes it before it begins', async () => {
    const { sub } = await weeklyMember(w);
    const res = await pause(sub.id, {
      start_date: addDays(today(), 10),
      end_date: addDays(today(), 17),
      reason: 'Holiday',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.subscription).toMatchObject({
      state: 'active',
      pause: { status: 'scheduled' },
      can: { remove_pause: true },
    });
    expect((await subscriptionRow(w, sub.id)).pausedAt).toBeNull();
    const pauseId = data.subscription.pause.id;
    const removed = await ok(w, w.cookies.admin, {
      method: 'DELETE',
      url: `/api/subscriptions/${sub.id}/pauses/${pauseId}`,
    });
    expect(removed.data).toMatchObject({ pause: null, can: { pause: true } });
    expect((await pausesOf(w, sub.id))[0]!.cancelledAt).not.toBeNull();
    const again = await call(w, w.cookies.admin, {
      method: 'DELETE',
      url: `/api/subscriptions/${sub.id}/pauses/${pauseId}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to remove a pause that has begun', async () => {
    const { sub } = await weeklyMember(w);
    const res = await pause(sub.id, { start_date: today(), end_date: addDays(today(), 3), reason: 'Flu' });
    const pauseId = res.json().data.subscription.pause.id;
    const removed = await call(w, w.cookies.admin, {
      method: 'DELETE',
      url: `/api/subscriptions/${sub.id}/pauses/${pauseId}`,
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toMatch(/has begun/);
  });

  it('moves the start of a membership not yet charged to the end of the pause', async () => {
    const { sub } = await weeklyMember(w, { startsIn: 2 });
    const res = await pause(sub.id, {
      start_date: today(),
      end_date: addDays(today(), 5),
      reason: 'Away',
      dry_run: true,
    });
    expect(res.json().data.preview).toMatchObject({
      credit_days: 0,
      moves_start_date: true,
      next_charge_date: addDays(today(), 5),
    });
  });

  it('answers field messages for bad input and a start in the past', async () => {
    const { sub } = await weeklyMember(w);
    const missing = await pause(sub.id, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      start_date: ['Value is required'],
      end_date: ['Value is required'],
      reason: ['Value is required'],
    });
    const backwards = await pause(sub.id, {
      start_date: addDays(today(), 3),
      end_date: addDays(today(), 3),
      reason: 'x',
    });
    expect(backwards.json().errors).toEqual({ end_date: ['The pause must end after it starts'] });
    const badDate = await pause(sub.id, {
      start_date: '2026-02-30',
      end_date: addDays(today(), 3),
      reason: 'x',
    });
    expect(badDate.json().errors).toEqual({ start_date: ['Value must be a valid date (YYYY-MM-DD)'] });
    const past = await pause(sub.id, {
      start_date: addDays(today(), -1),
      end_date: addDays(today(), 3),
      reason: 'x',
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ start_date: ['The pause cannot start before today'] });
    expect(await pausesOf(w, sub.id)).toHaveLength(0);
  });
});

describe('a membership still being set up on the join site', () => {
  it('allows no staff action yet (409), and says so', async () => {
    const { sub } = await weeklyMember(w, { startsIn: 1 });
    await t.db.update(subscriptions).set({ isStaging: true }).where(eq(subscriptions.id, sub.id));
    const { data } = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/subscriptions/${sub.id}/actions`,
    });
    expect(Object.values(data.can).some(Boolean)).toBe(false);
    const paused = await pause(sub.id, { start_date: today(), end_date: addDays(today(), 3), reason: 'x' });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe('This membership is not confirmed yet.');
    const cancelled = await cancel(sub.id, { cancellation_reasons: ['cost'] });
    expect(cancelled.statusCode).toBe(409);
    expect(await pausesOf(w, sub.id)).toHaveLength(0);
  });
});

describe('cancel and undo', () => {
  it('previews, cancels a flexi membership at the end of its paid period, and undoes it', async () => {
    const { sub, start, member } = await weeklyMember(w);
    const preview = await cancel(sub.id, { cancellation_reasons: ['cost'], dry_run: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      preview: {
        kind: 'flexi',
        ends_on: addDays(start, 7),
        refund: 0,
        break_fee: 0,
        formatted_break_fee: '$0.00',
      },
      subscription: null,
    });
    expect((await subscriptionRow(w, sub.id)).cancelledAt).toBeNull();

    const res = await cancel(sub.id, {
      cancellation_reasons: ['cost', 'other'],
      cancellation_comments: 'Moving to Ōtautahi',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.subscription).toMatchObject({
      state: 'cancelled',
      card_colour: 'green',
      ends_at: addDays(start, 7),
      cancellation_reasons: ['cost', 'other'],
      cancellation_comments: 'Moving to Ōtautahi',
      can: { undo_cancellation: true, cancel: false, pause: false },
    });
    const [logged] = await activityOf(w, member.id, 'subscription.cancelled');
    expect(logged!.actorUserId).toBe(w.tenant.admin.id);

    // A stale page: cancelling again, or pausing the cancelled membership.
    const again = await cancel(sub.id, { cancellation_reasons: ['cost'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This membership is already cancelled.');
    const paused = await pause(sub.id, { start_date: today(), end_date: addDays(today(), 3), reason: 'x' });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe('This membership is cancelled; it cannot be paused.');

    const undone = await ok(w, w.cookies.admin, {
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/undo-cancellation`,
    });
    expect(undone.data).toMatchObject({
      state: 'active',
      cancelled_at: null,
      ends_at: null,
      cancellation_reasons: [],
    });
    expect(await activityOf(w, member.id, 'subscription.cancellation_undone')).toHaveLength(1);
    const twice = await call(w, w.cookies.admin, {
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/undo-cancellation`,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This membership is not cancelled.');
  });

  it('previews the break fee of a term cancelled early, and the cooling-off end', async () => {
    const { sub: term } = await weeklyMember(w, { amount: 2000, term: { endsIn: 4 * 7 + 4 } });
    const fee = await cancel(term.id, { cancellation_reasons: ['cost'], dry_run: true });
    // Paid to today + 4; the term ends at today + 32: 4 weekly charges of $20.00 remain; no break fee is
    // set at this gym (0 %), so the fee is nothing, but the remaining value is shown.
    expect(fee.json().data.preview).toMatchObject({
      kind: 'break_fee',
      remaining_term_value: 8000,
      break_fee: 0,
    });
    const { sub: cooling } = await weeklyMember(w, { term: { endsIn: 60, coolingEndsIn: 5 } });
    const res = await cancel(cooling.id, { cancellation_reasons: ['injury_or_health'], dry_run: true });
    expect(res.json().data.preview).toMatchObject({
      kind: 'cooling_off',
      ends_on: today(),
      undo_until: null,
    });
  });

  it('answers field messages for missing reasons and an unexplained other reason', async () => {
    const { sub } = await weeklyMember(w);
    const none = await cancel(sub.id, { cancellation_reasons: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ cancellation_reasons: ['Choose at least one reason'] });
    const missing = await cancel(sub.id, {});
    expect(missing.json().errors).toEqual({ cancellation_reasons: ['Choose at least one reason'] });
    const other = await cancel(sub.id, { cancellation_reasons: ['other'] });
    expect(other.json().errors).toEqual({ cancellation_comments: ['Say what the other reason is'] });
    const unknown = await cancel(sub.id, { cancellation_reasons: ['non_payment'] });
    expect(unknown.statusCode).toBe(422);
    expect((await subscriptionRow(w, sub.id)).cancelledAt).toBeNull();
  });
});
