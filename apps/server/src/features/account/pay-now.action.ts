// A member in grace or owing pays what is owed now with their current way to pay: each unpaid charge's
// failed attempt is retried by the staff's "retry now" service (the billing engine's attempt, keyed, one
// per failed attempt however often asked), with the member as the actor. When a charge settles, grace
// clears by the engine's rules and door access follows at once (the lifecycle's door check, drained by
// the retry).
import type { PayNow } from '@gym/domain/api/account';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { doorAccessWords } from '@gym/domain/member-door-access';
import { formatMoney } from '@gym/domain/money';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { conflict } from '../../http/app-error';
import { retryPaymentNow } from '../payments';
import { findSubscription, openPause, stateInput } from '../subscriptions';
import * as repo from './account.repository';
import { ownMembershipId } from './pause.action';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secrets' | 'providers'>;

const NOTHING_TO_PAY = 'Nothing is owed on your membership.';
const FAILED = (status: string | null) =>
  status !== null && !['sent', 'upcoming', 'pending_request', 'refunded'].includes(status);

export async function payWhatIsOwed(deps: Deps, actor: Actor): Promise<PayNow> {
  const { auth } = actor;
  const owed = await repo.owedCharges(deps.db, auth.organisationId, auth.user.id);
  if (owed.length === 0) throw conflict(NOTHING_TO_PAY);
  const attempts: PayNow['attempts'] = [];
  for (const charge of owed) {
    if (charge.last_payment_id === null) continue;
    if (!FAILED(charge.last_status)) {
      // Already on its way (a retry a moment ago, or the engine's own): nothing more to send.
      attempts.push({
        payment_id: charge.last_payment_id,
        status: charge.last_status ?? 'upcoming',
        created: false,
      });
      continue;
    }
    const made = await retryPaymentNow(deps, actor, charge.last_payment_id);
    attempts.push({ payment_id: made.retry_payment_id, status: made.detail.status, created: made.created });
  }
  // Each retry that settled went through the lifecycle and drained its door check (retryPaymentNow).
  const id = await ownMembershipId(deps, actor);
  const sub = (await findSubscription(deps.db, auth.organisationId, id))!;
  const pause = await openPause(deps.db, auth.organisationId, id);
  const now = deps.clock.now();
  return {
    attempts,
    balance_owing: sub.balance_owing,
    formatted_balance_owing: formatMoney(sub.balance_owing),
    door_access: doorAccessWords(
      { ...stateInput(sub, pause), balanceOwing: sub.balance_owing },
      now,
      todayInAuckland(now),
    ),
  };
}
