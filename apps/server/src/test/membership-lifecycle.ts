// Shared steps of the membership-lifecycle tests: an organisation whose gym has a Kisi place (so door
// access can follow the membership), the clock moved through the dev route as staff would, and reading
// what the access-control screen says and what the activity log holds.
import { todayInAuckland } from '@gym/domain/calendar-date';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { activityLog, subscriptions, users } from '../db/schema/index';
import { accessCalls, connectKisi, kisiApi } from '../features/access-control/access-control.test-support';
import { makeWorld } from '../features/subscriptions/subscriptions.test-support';
import { receiveSandboxWebhooks } from '../features/webhooks/webhooks.test-support';
import { createStaff } from './factories';
import { signIn } from './sign-in';
import { createTestApp, pageRequest, type TestApp } from './test-app';

/** A test app taking the sandbox's webhooks, a world of staff and members, and doors at gym A. */
export async function lifecycleWorld() {
  const t = await createTestApp();
  await receiveSandboxWebhooks(t);
  const w = await makeWorld(t);
  await doorsAt(t, w.tenant.organisation.id, w.tenant.gymA.id, w.cookies.admin);
  return { t, w, admin: w.cookies.admin };
}

/** Connects the organisation to the sandbox's Kisi and links the gym to a place; answers an admin's cookie. */
export async function doorsAt(t: TestApp, organisationId: number, gymId: number, adminCookie?: string) {
  const cookie =
    adminCookie ?? (await signIn(t.app, (await createStaff(t.db, { organisationId, role: 'admin' })).email));
  await connectKisi(t, organisationId, cookie);
  const { placeId } = kisiApi(t).seed();
  const linked = await accessCalls(t).linkPlace(gymId, cookie, placeId);
  expect(linked.statusCode, linked.body).toBe(200);
  return cookie;
}

/** Moves the application clock `days` days on through the dev route (each day's run on the way). */
export async function travelDays(t: TestApp, cookie: string, days: number) {
  const res = await t.app.inject(
    pageRequest({ method: 'POST', url: '/api/dev/clock', cookie, payload: { days } }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** What GET /api/members/{id}/access-control says: what the rules want, and what Kisi holds. */
export async function doorState(t: TestApp, cookie: string, userId: number) {
  const res = await t.app.inject(
    pageRequest({ method: 'GET', url: `/api/members/${userId}/access-control`, cookie }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const { should_have_access, has_access } = res.json().data;
  return { should_have_access, has_access } as { should_have_access: boolean; has_access: boolean };
}

/** The actions logged about a subscription, oldest first, with their times. */
export async function subscriptionLog(t: TestApp, subscriptionId: number) {
  return t.db
    .select({ action: activityLog.action, createdAt: activityLog.createdAt, data: activityLog.data })
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, 'subscription'), eq(activityLog.subjectId, subscriptionId)))
    .orderBy(asc(activityLog.id));
}

export const subscriptionRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

export const today = (t: TestApp) => todayInAuckland(t.clock.now());

/**
 * Lets a person staff added sign in on the join site with the test password (what they would set up
 * from the emailed link), by giving them the password of a user the factories made.
 */
export async function memberCanSignIn(t: TestApp, userId: number, factoryUserId: number) {
  const [like] = await t.db.select().from(users).where(eq(users.id, factoryUserId));
  await t.db
    .update(users)
    .set({ passwordHash: like!.passwordHash, emailVerifiedAt: t.clock.now() })
    .where(eq(users.id, userId));
}
