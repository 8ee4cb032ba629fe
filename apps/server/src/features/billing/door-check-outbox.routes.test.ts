// The door-check outbox (transitions.ts, migration 0018): a drain claims a check, asks Kisi, and deletes
// it; a caller draining its own member's checks waits for another drain already working on them, so it
// answers with the doors in line. Found by the lifecycle model test (seed 472555045): a webhook's drain
// had taken a just-confirmed card joiner's check, the confirm's own drain found nothing left to do and
// answered, and for a moment the member was entitled with no Kisi user.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { doorState, lifecycleWorld, subscriptionRow, today } from '../../test/membership-lifecycle';
import { pageRequest, type TestApp } from '../../test/test-app';
import { type World, weeklyMember } from '../subscriptions/subscriptions.test-support';
import { CLAIM_HEARTBEAT_MS, drainMembershipOutbox, STALE_CLAIM } from './transitions';

let t: TestApp;
let w: World;
let admin: string;

beforeAll(async () => {
  ({ t, w, admin } = await lifecycleWorld());
}, 60_000);
afterAll(() => t.close());

const drain = (subscriptionIds?: number[]) =>
  drainMembershipOutbox(t, subscriptionIds === undefined ? {} : { subscriptionIds });

/** A paid, active weekly member at gym A (doors linked), with a door check due today nobody has taken. */
async function memberWithCheck() {
  const { sub, member } = await weeklyMember(w);
  await queryRows(
    t.db,
    sql`insert into membership_door_checks (organisation_id, subscription_id, due_on)
        values (${w.tenant.organisation.id}, ${sub.id}, ${today(t)})`,
  );
  return { subId: sub.id as number, userId: member.id as number };
}

/** The member's checks due today (a cancellation also books one for the end of the paid period). */
const checksOf = (subId: number) =>
  queryRows<{ claim: string | null; stale: boolean }>(
    t.db,
    sql`select claim, claimed_at < now() - ${STALE_CLAIM}::interval as stale
        from membership_door_checks where subscription_id = ${subId} and due_on <= ${today(t)}`,
  );

/** Marks the member's check as taken by another drain, `ago` (an SQL interval) ago. */
const claimByAnother = (subId: number, ago = '0 seconds') =>
  queryRows(
    t.db,
    sql`update membership_door_checks set claim = ${randomUUID()}, claimed_at = now() - ${ago}::interval
        where subscription_id = ${subId}`,
  );

describe('the door-check outbox', { timeout: 60_000 }, () => {
  it('grants the doors and deletes the check', async () => {
    const { subId, userId } = await memberWithCheck();
    const counts = await drain([subId]);
    expect(counts.granted).toBe(1);
    expect(await checksOf(subId)).toEqual([]);
    expect(await doorState(t, admin, userId)).toEqual({ should_have_access: true, has_access: true });
  });

  it("waits for another drain working on the caller's member, then answers", async () => {
    const { subId } = await memberWithCheck();
    await claimByAnother(subId);
    const started = Date.now();
    // The other drain finishes (asks Kisi and deletes the check) a moment later.
    const other = new Promise<void>((resolve) =>
      setTimeout(async () => {
        await queryRows(t.db, sql`delete from membership_door_checks where subscription_id = ${subId}`);
        resolve();
      }, 300),
    );
    const counts = await drain([subId]);
    await other;
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // Not asked twice: the other drain did the work.
    expect(counts.granted).toBe(0);
  });

  it('leaves a check claimed by another drain to it when not draining that member', async () => {
    const { subId } = await memberWithCheck();
    await claimByAnother(subId);
    const counts = await drain();
    expect(counts.granted).toBe(0);
    expect((await checksOf(subId)).length).toBe(1);
  });

  it('takes over a check whose drain died (a claim not renewed for 30 seconds)', async () => {
    const { subId, userId } = await memberWithCheck();
    await claimByAnother(subId, '31 seconds');
    expect(await checksOf(subId)).toEqual([{ claim: expect.any(String), stale: true }]);
    const counts = await drain([subId]);
    expect(counts.granted).toBe(1);
    expect(await checksOf(subId)).toEqual([]);
    expect(await doorState(t, admin, userId)).toEqual({ should_have_access: true, has_access: true });
  });

  it('keeps renewing its claim while Kisi is slow, so no other drain takes the check for dead', async () => {
    const { subId } = await memberWithCheck();
    // Kisi holds the drain's first request past a heartbeat, then drops it.
    t.sandbox.controls.faults.inject('kisi', { timeout: true, holdMs: CLAIM_HEARTBEAT_MS + 1_500, count: 1 });
    try {
      const working = drain([subId]);
      await new Promise((resolve) => setTimeout(resolve, CLAIM_HEARTBEAT_MS + 700));
      const [renewed] = await queryRows<{ claim: string | null; age_ms: number }>(
        t.db,
        sql`select claim, extract(epoch from now() - claimed_at) * 1000 as age_ms
            from membership_door_checks where subscription_id = ${subId}`,
      );
      expect(renewed?.claim).not.toBeNull();
      expect(Number(renewed?.age_ms)).toBeLessThan(CLAIM_HEARTBEAT_MS);
      // Another drain (not this member's) leaves it alone meanwhile.
      expect((await drain()).granted).toBe(0);
      await working;
    } finally {
      t.sandbox.controls.faults.clear('kisi');
    }
  });

  it('releases a check Kisi did not answer for, and the next drain does it', async () => {
    const { subId, userId } = await memberWithCheck();
    t.sandbox.controls.faults.inject('kisi', { status: 503, count: -1 });
    try {
      const counts = await drain([subId]);
      expect(counts.failed).toBe(1);
      expect(await checksOf(subId)).toEqual([{ claim: null, stale: null }]);
    } finally {
      t.sandbox.controls.faults.clear('kisi');
    }
    const counts = await drain();
    expect(counts.granted).toBeGreaterThanOrEqual(1);
    expect(await checksOf(subId)).toEqual([]);
    expect(await doorState(t, admin, userId)).toEqual({ should_have_access: true, has_access: true });
  });

  it('a change made while a drain works on the check leaves the check for the next drain', async () => {
    const { subId, userId } = await memberWithCheck();
    await claimByAnother(subId);
    // Staff cancel now: the transition asks for a check on the same day, which a drain is working on.
    const cancelled = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/subscriptions/${subId}/cancel`,
        cookie: admin,
        payload: { cancellation_reasons: ['moving_away'] },
      }),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await subscriptionRow(t, subId)).cancelledAt).not.toBeNull();
    // The claim was dropped, so the cancel's own drain did the check (the other drain's delete, keyed
    // by its claim, would now find nothing).
    expect(await checksOf(subId)).toEqual([]);
    expect(await doorState(t, admin, userId)).toEqual({ should_have_access: true, has_access: true });
  });
});
