// A member cancels their own membership online, no staff approval, and may undo it until
// undo_cancellation_until: the staff's cancel and undo services (the billing engine's cancellation, with
// its preview, refund or break fee, and door access), with the member as the actor. Confirming emails
// the member a confirmation, their proof. Adapter: one call each.
import type { CancelBody } from '@gym/domain/api/subscriptions-requests';
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { forbidden } from '../../http/app-error';
import { cancel, undo } from '../subscriptions';
import { cancellationConfirmedMail } from './account.mail';
import * as repo from './account.repository';
import { ownMembershipId } from './pause.action';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secrets' | 'providers' | 'mailer' | 'env'>;

const CANCEL_OFFLINE = 'Your gym takes cancellations at the front desk; the staff there will help you.';

export async function cancelOwnMembership(deps: Deps, actor: Actor, body: CancelBody) {
  const { auth } = actor;
  const settings = await repo.organisationSettings(deps.db, auth.organisationId);
  if (!settings.member_online_cancellation) throw forbidden(CANCEL_OFFLINE);
  const id = await ownMembershipId(deps, actor);
  const answer = await cancel(deps, actor, id, body);
  if (!body.dry_run && answer.subscription) {
    const preview = answer.preview;
    await deps.mailer.send({
      to: auth.user.email,
      ...cancellationConfirmedMail({
        name: auth.user.name,
        organisationName: settings.legal_name ?? settings.name,
        // Access ends at the start of ends_on: the last day with access is the day before.
        lastDay: addDays(preview.ends_on as CalendarDate, -1),
        refund: preview.refund,
        breakFee: preview.break_fee,
        undoUntil: preview.undo_until ? new Date(preview.undo_until) : null,
        accountUrl: `${deps.env.REGISTER_URL.replace(/\/+$/, '')}/account`,
      }),
    });
  }
  return answer;
}

export async function undoOwnCancellation(deps: Deps, actor: Actor) {
  return undo(deps, actor, await ownMembershipId(deps, actor));
}
