// Staff cancel a membership and undo it (BILLING.md "Cancellation"). The money (flexi end of period,
// cooling-off refund, break fee) is the billing engine's `cancelSubscription`, which locks the row and
// re-checks it; this adds the role check and the preview staff read first, and drains the membership
// outbox after the commit (door access).
import type { CancelBody } from '@gym/domain/api/subscriptions-requests';
import { formatDateTime } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { conflict, notFound } from '../../http/app-error';
import {
  type CancellationPreview,
  cancelSubscription,
  drainMembershipOutbox,
  previewCancellation,
  undoCancellation,
} from '../billing';
import { actionsOf } from './pause.service';
import { assertConfirmed, subscriptionFor } from './subscription-access';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secrets' | 'providers'>;

const ALREADY_CANCELLED = 'This membership is already cancelled.';

function present(preview: CancellationPreview) {
  return {
    kind: preview.kind,
    ends_on: preview.endsOn,
    refund: preview.refund,
    formatted_refund: formatMoney(preview.refund),
    refund_method: preview.refundMethod,
    break_fee: preview.breakFee,
    formatted_break_fee: formatMoney(preview.breakFee),
    remaining_term_value: preview.remainingTermValue,
    formatted_remaining_term_value: formatMoney(preview.remainingTermValue),
    undo_until: preview.undoUntil === null ? null : preview.undoUntil.toISOString(),
  };
}

export async function cancel(deps: Deps, actor: Actor, subscriptionId: number, body: CancelBody) {
  const { auth } = actor;
  assertConfirmed(await subscriptionFor(deps.db, auth, subscriptionId));
  const preview = await previewCancellation(deps, { organisationId: auth.organisationId, subscriptionId });
  if (preview === null) throw conflict(ALREADY_CANCELLED);
  if (body.dry_run) return { preview: present(preview), subscription: null };
  const outcome = await cancelSubscription(deps, {
    organisationId: auth.organisationId,
    subscriptionId,
    actorUserId: auth.user.id,
    reasons: body.cancellation_reasons,
    comment: body.cancellation_comments ?? null,
    requestId: actor.requestId,
  });
  if (outcome.kind === 'not_found') throw notFound('Subscription not found.');
  if (outcome.kind === 'already_cancelled') throw conflict(ALREADY_CANCELLED);
  // A cooling-off cancellation ends access today (another at the end of the paid period, by the check
  // the transition booked for that day): the membership outbox, as after every transition.
  await drainMembershipOutbox(deps, { subscriptionIds: [subscriptionId] });
  return {
    preview: present({
      ...preview,
      kind: outcome.kind,
      endsOn: outcome.endsOn,
      refund: outcome.refund,
      breakFee: preview.breakFee,
    }),
    subscription: await actionsOf(deps, actor, subscriptionId),
  };
}

export async function undo(deps: Deps, actor: Actor, subscriptionId: number) {
  const { auth } = actor;
  const sub = await subscriptionFor(deps.db, auth, subscriptionId);
  const outcome = await undoCancellation(deps, {
    organisationId: auth.organisationId,
    subscriptionId,
    actorUserId: auth.user.id,
    requestId: actor.requestId,
  });
  if (outcome === 'not_found') throw notFound('Subscription not found.');
  if (outcome === 'not_cancelled') throw conflict('This membership is not cancelled.');
  if (outcome === 'too_late')
    throw conflict(
      sub.undo_cancellation_until === null
        ? 'This cancellation cannot be undone.'
        : `This cancellation could be undone until ${formatDateTime(new Date(sub.undo_cancellation_until))}.`,
    );
  await drainMembershipOutbox(deps, { subscriptionIds: [subscriptionId] });
  return actionsOf(deps, actor, subscriptionId);
}
