// A member pauses their own membership, or removes a pause not yet begun: the staff's pause service
// (same preview, same booking, same activity entry, with the member as the actor), with the
// organisation's self-service limits checked under the subscription's lock. Adapter: one call each.
import type { MemberPauseBody } from '@gym/domain/api/account-requests';
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { memberPauseProblems } from '@gym/domain/self-service';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { notFound, validationError } from '../../http/app-error';
import { pause, removePause } from '../subscriptions';
import * as repo from './account.repository';
import { selfServiceOf } from './account.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secrets' | 'providers'>;

const MEMBER_PAUSE_REASON = 'Paused by the member on their account';

/** The member's membership to act on (their own, confirmed); none: 404. */
export async function ownMembershipId(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<number> {
  const found = await repo.membershipOf(deps.db, actor.auth.organisationId, actor.auth.user.id);
  if (!found) throw notFound('You have no membership here.');
  return found.id;
}

export async function pauseOwnMembership(deps: Deps, actor: Actor, body: MemberPauseBody) {
  const { auth } = actor;
  const id = await ownMembershipId(deps, actor);
  const policy = async (
    tx: Executor,
    _sub: unknown,
    b: { start_date: CalendarDate; end_date: CalendarDate },
    today: CalendarDate,
  ) => {
    const settings = selfServiceOf(await repo.organisationSettings(tx, auth.organisationId));
    const used = await repo.pausesSince(tx, auth.organisationId, auth.user.id, addDays(b.start_date, -365));
    const problems = memberPauseProblems({
      settings,
      today,
      start: b.start_date,
      end: b.end_date,
      pausesInLastYear: used,
    });
    if (problems) throw validationError(problems);
  };
  return pause(deps, actor, id, { ...body, reason: MEMBER_PAUSE_REASON }, { policy });
}

export async function removeOwnPause(deps: Deps, actor: Actor, pauseId: number) {
  return removePause(deps, actor, await ownMembershipId(deps, actor), pauseId);
}
