// Who may act on a subscription (docs/roles.md "Subscription actions"): organisation admins, gym admins
// of the subscription's gym, and the member whose membership it is (their own account on the join site,
// which reaches these services through /api/me/…). Another organisation's subscription answers 404; a
// trainer, an admin of another gym, or another member, 403.
import type { AuthContext } from '../../auth/guard';
import type { Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { roleAt } from '../gyms';
import { findSubscription, type SubscriptionRow } from './subscriptions.repository';

function assertManages(auth: AuthContext, gymId: number): void {
  if (roleAt(auth, gymId) !== 'admin')
    throw forbidden('Only admins of this member’s gym can change their membership.');
}

/** A member (not staff here) acting on their own membership, as the member's account does. */
const isOwnMembership = (auth: AuthContext, userId: number): boolean =>
  !auth.isStaffHere && !auth.user.isStaff && auth.user.id === userId;

/** The subscription, checked for the actor; `lock` holds the row for the caller's transaction. */
export async function subscriptionFor(
  db: Executor,
  auth: AuthContext,
  id: number,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow> {
  const row = await findSubscription(db, auth.organisationId, id, options);
  if (!row) throw notFound('Subscription not found.');
  if (!isOwnMembership(auth, row.user_id)) assertManages(auth, row.gym_id);
  return row;
}

/** A membership still being set up on the join site is the member's to finish, not staff's to change. */
export function assertConfirmed(sub: SubscriptionRow): void {
  if (sub.is_staging) throw conflict('This membership is not confirmed yet.');
}
