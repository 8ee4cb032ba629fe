// The front desk (issue 26): find a member as the desk types (name, email, mobile, or a tag number or
// scanned code), and check them in. A check-in records a visit at the desk's gym like a door unlock does
// (so it feeds the visits list, the member's visits and last visit, and the dashboard), allowed or refused
// by the door's own rule with the reason, and logs who did it in the member's activity.
import type { CheckInBody } from '@gym/domain/api/check-in';
import { CHECK_IN_REFUSAL_LABELS, isCheckInRefusal } from '@gym/domain/check-in';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { forbidden, notFound, validationError } from '../../http/app-error';
import { searchMembers } from '../search';
import { presentDeskMember } from './check-in.presenter';
import * as repo from './check-in.repository';

const LOOKUP_LIMIT = 10;
export const NOT_YOUR_GYM = 'You can only check in members of your gyms.';
const NO_GYM = 'Choose the gym you are at (the gym switcher at the top) before checking members in.';

/** The gyms whose members this person may find and check in: every gym for organisation admins. */
const gymsOf = (auth: AuthContext) => (auth.isOrganisationAdmin ? null : auth.staffGymIds);

export async function lookUp(deps: Pick<AppDeps, 'db' | 'clock'>, auth: AuthContext, query: string) {
  const typed = query.trim();
  if (typed === '') return [];
  const gymIds = gymsOf(auth);
  if (gymIds !== null && gymIds.length === 0) throw forbidden(NOT_YOUR_GYM);
  // A tag (a key tag's number, or what a scanner typed) is exact and comes first; then the search.
  const [tagged, found] = await Promise.all([
    repo.idsByTag(deps.db, auth.organisationId, gymIds, typed, LOOKUP_LIMIT),
    searchMembers(deps.db, { organisationId: auth.organisationId, gymIds }, typed, LOOKUP_LIMIT),
  ]);
  const ids = [...new Set([...tagged, ...found.map((f) => f.id)])].slice(0, LOOKUP_LIMIT);
  const rows = new Map((await repo.deskRows(deps.db, auth.organisationId, ids)).map((r) => [r.id, r]));
  const now = deps.clock.now();
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [presentDeskMember(row, now)] : [];
  });
}

/** One member for the desk: 404 for another organisation's, 403 outside this person's gyms. */
async function deskMember(db: Executor, auth: AuthContext, userId: number) {
  const [row] = await repo.deskRows(db, auth.organisationId, [userId]);
  if (!row) throw notFound('Member not found.');
  const gymIds = gymsOf(auth);
  if (gymIds !== null && (row.home_gym_id === null || !gymIds.includes(row.home_gym_id)))
    throw forbidden(NOT_YOUR_GYM);
  return row;
}

export async function showDeskMember(deps: Pick<AppDeps, 'db' | 'clock'>, auth: AuthContext, userId: number) {
  return presentDeskMember(await deskMember(deps.db, auth, userId), deps.clock.now());
}

/**
 * The desk's gym: the gym chosen in the session when the person works there (organisation admins: any of
 * theirs), else the member's home gym when the person works there.
 */
function deskGymId(auth: AuthContext, homeGymId: number | null): number | null {
  const reaches = (gymId: number) => auth.isOrganisationAdmin || auth.staffGymIds.includes(gymId);
  const current = auth.gym?.id ?? null;
  if (current !== null && reaches(current)) return current;
  if (homeGymId !== null && reaches(homeGymId)) return homeGymId;
  return null;
}

export async function checkIn(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, body: CheckInBody) {
  const { auth } = actor;
  const key = `desk-${auth.organisationId}-${body.idempotency_key}`;
  const visit = await deps.db.transaction(async (tx) => {
    const repeated = await repo.visitWithKey(tx, auth.organisationId, key);
    if (repeated) {
      if (repeated.user_id !== body.user_id)
        throw validationError({ idempotency_key: ['This key was used for another check-in.'] });
      return repeated;
    }
    const row = await deskMember(tx, auth, body.user_id);
    const gymId = deskGymId(auth, row.home_gym_id);
    if (gymId === null) throw validationError({ gym_id: [NO_GYM] });
    const now = deps.clock.now();
    const { door } = presentDeskMember(row, now);
    const id = await repo.insertDeskVisit(tx, {
      organisationId: auth.organisationId,
      gymId,
      userId: row.id,
      visitedAt: now,
      successful: door.allowed,
      refusedReason: door.reason,
      checkedInBy: auth.user.id,
      key,
    });
    if (id === null) throw validationError({ idempotency_key: ['This key was used for another check-in.'] });
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: row.id,
      subjectType: 'visit',
      subjectId: id,
      action: door.allowed ? 'visit.checked_in' : 'visit.check_in_refused',
      data: { gym_id: gymId, ...(door.reason ? { reason: door.reason } : {}) },
      requestId: actor.requestId,
      createdAt: now,
    });
    return {
      id,
      visited_at: now,
      successful: door.allowed,
      refused_reason: door.reason as string | null,
      user_id: row.id,
      gym_id: gymId,
    };
  });
  const gym = await repo.gymNamed(deps.db, auth.organisationId, visit.gym_id);
  const reason = isCheckInRefusal(visit.refused_reason) ? visit.refused_reason : null;
  return {
    visit: {
      id: visit.id,
      visited_at: new Date(visit.visited_at).toISOString(),
      successful: visit.successful,
      gym: { id: visit.gym_id, name: gym?.name ?? '' },
      refused_reason: reason,
      refused_reason_label: reason === null ? null : CHECK_IN_REFUSAL_LABELS[reason],
    },
    member: await showDeskMember(deps, auth, visit.user_id),
  };
}
