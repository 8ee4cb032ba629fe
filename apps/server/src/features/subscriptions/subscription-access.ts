// Who may act on a subscription (docs/roles.md "Subscription actions"): organisation admins, and gym
// admins of the subscription's gym. Another organisation's subscription answers 404; a trainer, or an
// admin of another gym, 403.
import type { AuthContext } from '../../auth/guard';
import type { Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { roleAt } from '../gyms';
import { findSubscription, type SubscriptionRow } from './subscriptions.repository';

export function assertManages(auth: AuthContext, gymId: number): void {
  if (roleAt(auth, gymId) !== 'admin')
    throw forbidden('Only admins of this member’s gym can change their membership.');
}

/** The subscription, checked for the actor; `lock` holds the row for the caller's transaction. */
export async function subscriptionFor(
  db: Executor,
  auth: AuthContext,
  id: number,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow> {
  const row = await findSubscription(db, auth.organisationId, id, options);
  if (!row) throw notFound('Subscription not found.');
  assertManages(auth, row.gym_id);
  return row;
}

/** A membership still being set up on the join site is the member's to finish, not staff's to change. */
export function assertConfirmed(sub: SubscriptionRow): void {
  if (sub.is_staging) throw conflict('This membership is not confirmed yet.');
}
