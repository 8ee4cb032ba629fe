// What Stripe says of a gym's connected account between visits (account.updated): whether it can take
// charges now, and why not. Kept on the gym (the gym page's connection check asks Stripe itself) so a
// change is logged once, with what Stripe gave as the reason.
import { and, eq, sql } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { gyms } from '../../db/schema/index';

/** Records the account's charge status on the gym; answers why nothing changed, or null. */
export async function recordStripeAccountStatus(
  tx: Executor,
  organisationId: number,
  gymId: number,
  status: {
    accountId: string;
    chargesEnabled: boolean;
    disabledReason: string | null;
    now: Date;
    webhookCallId?: number | undefined;
  },
): Promise<string | null> {
  const [before] = await tx
    .select({ enabled: gyms.stripeChargesEnabled, reason: gyms.stripeDisabledReason })
    .from(gyms)
    .where(
      and(eq(gyms.organisationId, organisationId), eq(gyms.id, gymId), eq(gyms.stripeId, status.accountId)),
    )
    .for('update');
  if (!before) return 'no matching record';
  const reason = status.chargesEnabled ? null : status.disabledReason;
  if (before.enabled === status.chargesEnabled && before.reason === reason) return 'nothing changed';
  await tx
    .update(gyms)
    .set({
      stripeChargesEnabled: status.chargesEnabled,
      stripeDisabledReason: reason,
      updatedAt: sql`${gyms.updatedAt}`,
    })
    .where(eq(gyms.id, gymId));
  // Only a change of whether it can charge is news for staff; the first report of an able account is not.
  if (before.enabled === status.chargesEnabled || (before.enabled === null && status.chargesEnabled))
    return null;
  await appendActivity(tx, {
    organisationId,
    actorUserId: null,
    subjectType: 'gym',
    subjectId: gymId,
    action: status.chargesEnabled ? 'gym.stripe_charges_enabled' : 'gym.stripe_charges_disabled',
    data: {
      stripe_id: status.accountId,
      disabled_reason: reason,
      source: 'stripe_webhook',
      ...(status.webhookCallId ? { webhook_call_id: status.webhookCallId } : {}),
    },
    createdAt: status.now,
  });
  return null;
}
