// The member's own details: contact, address, emergency contact and notification preferences (absent is
// unchanged, null clears); a new email address confirmed by a code sent to it before it replaces the old
// one; and a new password given with the current one. Each change is logged with the member as the actor.
import type { AccountDetails } from '@gym/domain/api/account';
import type { AccountDetailsBody } from '@gym/domain/api/account-requests';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/password';
import { hit } from '../../auth/rate-limit';
import { revokeUserSessions } from '../../auth/session';
import { newCode, sameHash, sha256 } from '../../auth/tokens';
import { appendActivity } from '../../db/activity';
import { emailChanges, users } from '../../db/schema/index';
import { validationError } from '../../http/app-error';
import { emailChangeCodeMail } from './account.mail';
import * as repo from './account.repository';

const EMAIL_CODE_MINUTES = 30;
const EMAIL_CODE_ATTEMPTS = 5;
export const EMAIL_TAKEN = 'This email address is already used by another account.';

const FIELDS = {
  name: users.name,
  mobile_number: users.mobileNumber,
  address: users.address,
  suburb: users.suburb,
  city: users.city,
  post_code: users.postCode,
  emergency_contact_name: users.emergencyContactName,
  emergency_contact_email: users.emergencyContactEmail,
  emergency_contact_mobile_number: users.emergencyContactMobileNumber,
  emergency_contact_relationship: users.emergencyContactRelationship,
  email_notifications_enabled: users.emailNotificationsEnabled,
  push_notifications_enabled: users.pushNotificationsEnabled,
  payment_reminders: users.paymentReminders,
} as const;
type Field = keyof typeof FIELDS;

const COLUMN: Record<Field, keyof typeof users.$inferInsert> = {
  name: 'name',
  mobile_number: 'mobileNumber',
  address: 'address',
  suburb: 'suburb',
  city: 'city',
  post_code: 'postCode',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_email: 'emergencyContactEmail',
  emergency_contact_mobile_number: 'emergencyContactMobileNumber',
  emergency_contact_relationship: 'emergencyContactRelationship',
  email_notifications_enabled: 'emailNotificationsEnabled',
  push_notifications_enabled: 'pushNotificationsEnabled',
  payment_reminders: 'paymentReminders',
};

export async function detailsOf(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor): Promise<AccountDetails> {
  const userId = actor.auth.user.id;
  const [row] = await deps.db
    .select({ email: users.email, ...FIELDS })
    .from(users)
    .where(eq(users.id, userId));
  const [pending] = await deps.db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(emailChanges.createdAt), desc(emailChanges.id))
    .limit(1);
  return { ...row!, pending_email: pending?.newEmail ?? null };
}

export async function updateDetails(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  body: AccountDetailsBody,
): Promise<AccountDetails> {
  const now = deps.clock.now();
  const changes: Partial<typeof users.$inferInsert> = {};
  const changed: string[] = [];
  for (const field of Object.keys(COLUMN) as Field[]) {
    const value = body[field];
    if (value === undefined) continue;
    (changes as Record<string, unknown>)[COLUMN[field]] = value;
    changed.push(field);
  }
  if (changed.length > 0) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, actor.auth.user.id));
      await appendActivity(tx, {
        organisationId: actor.auth.organisationId,
        actorUserId: actor.auth.user.id,
        userId: actor.auth.user.id,
        subjectType: 'user',
        subjectId: actor.auth.user.id,
        action: 'member.details_changed',
        data: { fields: changed },
        requestId: actor.requestId,
        createdAt: now,
      });
    });
  }
  return detailsOf(deps, actor);
}

/** Sends a code to the new address; the account keeps its address until the code comes back. */
export async function startEmailChange(deps: AppDeps, actor: Actor, email: string) {
  const now = deps.clock.now();
  const user = actor.auth.user;
  await hit(deps.db, now, [{ key: `email-change:user:${user.id}`, max: 5, windowSeconds: 3600 }]);
  if (await repo.emailUsedByAnother(deps.db, email, user.id)) throw validationError({ email: [EMAIL_TAKEN] });
  if (email.toLowerCase() === user.email.toLowerCase())
    throw validationError({ email: ['This is already your email address.'] });
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      userId: user.id,
      newEmail: email,
      codeHash: sha256(`${user.id}:${email.toLowerCase()}:${code}`),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000),
      createdAt: now,
    });
  });
  await deps.mailer.send({
    to: email,
    ...emailChangeCodeMail({ name: user.name, code, minutes: EMAIL_CODE_MINUTES }),
  });
  return { message: `We sent a code to ${email}. Enter it to use that address.` };
}

export async function confirmEmailChange(deps: AppDeps, actor: Actor, code: string) {
  const now = deps.clock.now();
  const user = actor.auth.user;
  const [live] = await deps.db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)))
    .orderBy(desc(emailChanges.createdAt), desc(emailChanges.id))
    .limit(1);
  if (!live || live.expiresAt <= now)
    throw validationError({ code: ['This code has expired. Ask for a new code.'] });
  if (live.attempts >= EMAIL_CODE_ATTEMPTS)
    throw validationError({ code: ['Too many incorrect codes. Ask for a new code.'] });
  if (!sameHash(live.codeHash, sha256(`${user.id}:${live.newEmail.toLowerCase()}:${code}`))) {
    await repo.countWrongEmailCode(deps.db, live.id);
    throw validationError({ code: ['The code is incorrect.'] });
  }
  await deps.db.transaction(async (tx) => {
    if (await repo.emailUsedByAnother(tx, live.newEmail, user.id))
      throw validationError({ code: [EMAIL_TAKEN] });
    await tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.id, live.id));
    await tx
      .update(users)
      .set({ email: live.newEmail, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    await appendActivity(tx, {
      organisationId: actor.auth.organisationId,
      actorUserId: user.id,
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'member.email_changed',
      data: { from: user.email, to: live.newEmail },
      requestId: actor.requestId,
      createdAt: now,
    });
  });
  return detailsOf(deps, actor);
}

/** A new password, given with the current one; the member's other sessions are signed out. */
export async function changePassword(
  deps: AppDeps,
  actor: Actor,
  input: { current_password: string; password: string },
) {
  const now = deps.clock.now();
  const user = actor.auth.user;
  await hit(deps.db, now, [{ key: `password-change:user:${user.id}`, max: 10, windowSeconds: 900 }]);
  if (!(await verifyPassword(user.passwordHash, input.current_password)))
    throw validationError({ current_password: ['This is not your current password.'] });
  const problem = passwordProblem(input.password);
  if (problem) throw validationError({ password: [problem] });
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now, actor.auth.session.id);
    await appendActivity(tx, {
      organisationId: actor.auth.organisationId,
      actorUserId: user.id,
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'member.password_changed',
      requestId: actor.requestId,
      createdAt: now,
    });
  });
  return { message: 'Your password is changed. Other devices are signed out.' };
}
