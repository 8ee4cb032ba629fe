// Shared steps of the member-account route tests: a member of the subscription tests' world signed in on
// their own account, a collected payment to print, and the organisation's self-service settings.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import { charges, organisations, payments } from '../../db/schema/index';
import { unique } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { type World, weeklyMember } from '../subscriptions/subscriptions.test-support';

export async function signedInMember(w: World, options: Parameters<typeof weeklyMember>[1] = {}) {
  const made = await weeklyMember(w, options);
  return { ...made, cookie: await signIn(w.t.app, made.member.email) };
}

/** A paid charge of the membership for the period starting `start`, and its successful attempt. */
export async function collectedPayment(
  w: World,
  sub: { id: number; userId: number; gymId: number },
  start: CalendarDate,
  amount: number,
  end: CalendarDate | null = null,
) {
  const [charge] = await w.t.db
    .insert(charges)
    .values({
      organisationId: w.tenant.organisation.id,
      subscriptionId: sub.id,
      kind: 'period',
      periodStart: start,
      periodEnd: end,
      dueDate: start,
      amount,
      status: 'paid',
      paidAt: w.t.clock.now(),
    })
    .returning();
  const [payment] = await w.t.db
    .insert(payments)
    .values({
      organisationId: w.tenant.organisation.id,
      gymId: sub.gymId,
      userId: sub.userId,
      subscriptionId: sub.id,
      chargeId: charge!.id,
      type: 'bank_account',
      amount,
      status: 'sent',
      periodStartAt: start,
      periodEndAt: end,
      idempotencyKey: unique('paid'),
    })
    .returning();
  return payment!;
}

export async function setOrganisation(
  t: TestApp,
  organisationId: number,
  values: Partial<typeof organisations.$inferInsert>,
) {
  await t.db.update(organisations).set(values).where(eq(organisations.id, organisationId));
}
