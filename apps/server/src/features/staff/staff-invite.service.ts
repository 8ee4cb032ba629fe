// Adding staff: the account (made if needed), the staff row, gym roles, and the invitation link by email.

import { capitaliseWords } from '@gym/domain/format';
import { PER_GYM_ROLE, type StaffInput } from '@gym/domain/staff-invite';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { hit } from '../../auth/rate-limit';
import { newToken, sha256 } from '../../auth/tokens';
import type { Executor } from '../../db/client';
import { AppError, conflict, notFound, validationError } from '../../http/app-error';
import { invitationMail } from '../../mail/templates';
import { staffInvitedMail } from './staff.mail';
import { findStaff } from './staff.repository';
import * as w from './staff-write.repository';

const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

/** 'aroha.ngata@…' → 'Aroha Ngata': a name to greet an invited person by until they give theirs. */
const nameFromEmail = (email: string) =>
  capitaliseWords(email.split('@')[0]!.replace(/[._+]+/g, ' ')) || email;

/** Each gym listed must be one of the organisation's, listed once (422 on `gyms.N.id` otherwise). */
export async function checkGyms(deps: AppDeps, organisationId: number, roles: { id: number }[]) {
  const valid = await w.gymIdsOf(
    deps.db,
    organisationId,
    roles.map((r) => r.id),
  );
  const seen = new Set<number>();
  const errors: Record<string, string[]> = {};
  roles.forEach((r, i) => {
    if (!valid.has(r.id)) errors[`gyms.${i}.id`] = ['The selected gym is invalid'];
    else if (seen.has(r.id)) errors[`gyms.${i}.id`] = ['The gym is listed more than once'];
    seen.add(r.id);
  });
  if (Object.keys(errors).length) throw validationError(errors);
}

/** A new single-use invitation link (older unused ones to this organisation stop working). */
async function issueInvitation(db: Executor, organisationId: number, userId: number, now: Date) {
  const token = newToken();
  await w.retireInvitations(db, organisationId, userId, now);
  await w.insertInvitation(db, {
    organisationId,
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
    now,
  });
  return token;
}

/**
 * The invitation: a person without a password sets one (which accepts it); a person who already has an
 * account accepts it with one click on the emailed link. Until then they have no rights here.
 */
async function notify(
  deps: AppDeps,
  actor: Actor,
  user: { name: string; email: string; hasPassword: boolean },
  token: string,
) {
  const organisationName = actor.auth.organisation?.name ?? 'the organisation';
  const inviterName = actor.auth.user.name;
  const query = new URLSearchParams({ token, email: user.email });
  const message = user.hasPassword
    ? staffInvitedMail({
        organisationName,
        inviterName,
        url: `${deps.env.APP_URL}/accept-invitation?${query}`,
        days: INVITATION_DAYS,
      })
    : invitationMail({
        name: user.name,
        organisationName,
        inviterName,
        url: `${deps.env.APP_URL}/set-password?${query}`,
        days: INVITATION_DAYS,
      });
  try {
    await deps.mailer.send({ to: user.email, ...message });
  } catch (error) {
    throw new AppError('provider_unavailable', {
      message: 'The staff member was saved, but the email could not be sent. Please try again shortly.',
      cause: error,
    });
  }
}

/**
 * Adds a person to the organisation's staff, pending until they accept the emailed invitation (a person
 * without a password accepts it by setting one).
 */
export async function addStaff(deps: AppDeps, actor: Actor, input: StaffInput) {
  const organisationId = actor.auth.organisationId;
  const role = input.role === PER_GYM_ROLE ? null : input.role;
  const gymRoles = role === 'admin' ? [] : input.gyms;
  await checkGyms(deps, organisationId, gymRoles);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    let user = await w.findAccountByEmail(tx, input.email);
    if (user?.deletedAt)
      throw validationError({ email: ['This email address belongs to a closed account.'] });
    // What the admin typed, never the account's stored name: adding someone reveals nothing about them.
    const typedName = input.name?.trim() || nameFromEmail(input.email);
    if (user) {
      const existing = await w.findStaffRow(tx, organisationId, user.id);
      if (existing && !existing.deletedAt && !existing.pendingInvite)
        throw validationError({ email: ['This person is already staff of this organisation.'] });
    } else {
      user = await w.insertStaffUser(tx, { name: typedName, email: input.email, now });
    }
    // Everyone added is pending until they accept: someone who can already sign in (staff or a member
    // elsewhere) with one click on the link, a new person by setting a password. No rights here until
    // then, and the answer is the same either way: it never tells whether the email had an account.
    await w.upsertStaffRow(tx, {
      organisationId,
      userId: user.id,
      role,
      pendingInvite: true,
      invitedName: typedName,
      now,
    });
    await w.replaceGymRoles(tx, organisationId, user.id, gymRoles, now);
    const token = await issueInvitation(tx, organisationId, user.id, now);
    await w.insertStaffActivity(tx, {
      organisationId,
      actorUserId: actor.auth.user.id,
      staffUserId: user.id,
      action: 'staff.added',
      data: { role, gyms: gymRoles, inviting: input.inviting, invitation_sent: true },
      requestId: actor.requestId,
    });
    return { user: { ...user, name: typedName, hasPassword: user.passwordHash !== null }, token };
  });
  await notify(deps, actor, outcome.user, outcome.token);
  return outcome.user.id;
}

export async function resendInvitation(deps: AppDeps, actor: Actor, userId: number) {
  const organisationId = actor.auth.organisationId;
  const staff = await findStaff(deps.db, organisationId, userId);
  if (!staff) throw notFound('Staff member not found.');
  if (staff.deletedAt) throw conflict('This staff member is deactivated.');
  if (!staff.pendingInvite) throw conflict('This person has already accepted the invitation.');
  const now = deps.clock.now();
  await hit(deps.db, now, [
    { key: `staff-invitation:${organisationId}:${userId}`, max: 5, windowSeconds: 3600 },
  ]);
  const token = await deps.db.transaction(async (tx) => {
    const issued = await issueInvitation(tx, organisationId, userId, now);
    await w.insertStaffActivity(tx, {
      organisationId,
      actorUserId: actor.auth.user.id,
      staffUserId: userId,
      action: 'staff.invitation_resent',
      data: {},
      requestId: actor.requestId,
    });
    return issued;
  });
  await notify(deps, actor, { name: staff.name, email: staff.email, hasPassword: staff.hasPassword }, token);
}
