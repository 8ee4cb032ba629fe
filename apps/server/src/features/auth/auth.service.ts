// Sign-in, two-factor codes, password reset and invitation acceptance.
import * as Sentry from '@sentry/node';
import type { AppDeps } from '../../app-deps';
import { loadMemberships } from '../../auth/memberships';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/password';
import { check, clear, hit, type Limit } from '../../auth/rate-limit';
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  type SessionRow,
  type UserRow,
} from '../../auth/session';
import { newCode, newToken, sameHash, sha256 } from '../../auth/tokens';
import { AppError, validationError } from '../../http/app-error';
import { passwordResetMail, twoFactorCodeMail } from '../../mail/templates';
import * as repo from './auth.repository';

const MINUTE = 60_000;
const CODE_MINUTES = 10;
const CODE_MAX_ATTEMPTS = 5;
const RESEND_COOL_DOWN_SECONDS = 30;
const RESET_MINUTES = 60;
const WRONG_CREDENTIALS = 'These credentials do not match our records.';
// Verifying against a real hash when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
};

interface Client {
  ip: string;
  userAgent?: string | undefined;
}

/**
 * Failed sign-ins are limited per account and address (5 in 15 minutes): someone guessing from elsewhere
 * cannot lock the owner out. Per address across accounts (30 in 15 minutes) stops one machine trying
 * many accounts; per account across addresses (50 an hour) slows a guess spread over many machines
 * without letting a handful of wrong tries lock anyone out. Only failures count.
 */
const loginLimits = (email: string, ip: string): Limit[] => {
  const account = email.trim().toLowerCase();
  return [
    { key: `login:account-address:${account}:${ip}`, max: 5, windowSeconds: 15 * 60 },
    { key: `login:ip:${ip}`, max: 30, windowSeconds: 15 * 60 },
    { key: `login:account:${account}`, max: 50, windowSeconds: 60 * 60 },
  ];
};

export async function login(deps: AppDeps, input: { email: string; password: string }, client: Client) {
  const now = deps.clock.now();
  const limits = loginLimits(input.email, client.ip);
  await check(deps.db, now, limits);

  const user = await repo.findUserByEmail(deps.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummy()), input.password);
  if (!user || !valid || !user.passwordHash) {
    await hit(deps.db, now, limits).catch(() => undefined);
    throw validationError({ email: [WRONG_CREDENTIALS] }, WRONG_CREDENTIALS);
  }
  const memberships = await loadMemberships(deps.db, user.id);
  const organisation = memberships.organisations[0] ?? null;
  if (user.isStaff && !organisation) {
    throw validationError({ email: ['This account no longer has access to any organisation.'] });
  }
  await clear(deps.db, [limits[0]!.key]);
  const gym = memberships.gyms.find((g) => g.organisation_id === organisation?.id) ?? null;
  const token = await createSession(deps.db, deps.env, now, {
    userId: user.id,
    organisationId: organisation?.id ?? null,
    gymId: gym?.id ?? null,
    twoFactorVerified: !user.twoFactorEnabled,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  if (user.twoFactorEnabled) await sendCode(deps, user, now);
  return { token, user, twoFactorRequired: user.twoFactorEnabled };
}

/**
 * Emails a new two-factor (or email-verification) code, retiring the one before: to sign in, or (a member
 * who has just joined) to confirm their address.
 */
export async function sendCode(
  deps: AppDeps,
  user: UserRow,
  now: Date,
  purpose: 'sign_in' | 'confirm_email' = 'sign_in',
) {
  const code = newCode();
  await repo.retirePersonTokens(deps.db, user.id, 'two_factor', now);
  await repo.insertPersonToken(deps.db, {
    userId: user.id,
    kind: 'two_factor',
    tokenHash: sha256(`${user.id}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_MINUTES * MINUTE),
    now,
  });
  await deps.mailer.send({
    to: user.email,
    ...twoFactorCodeMail({
      name: user.name,
      code,
      minutes: CODE_MINUTES,
      purpose,
    }),
  });
}

export async function resendCode(deps: AppDeps, user: UserRow) {
  const now = deps.clock.now();
  const latest = await repo.latestPersonToken(deps.db, user.id, 'two_factor');
  const waited = latest ? (now.getTime() - latest.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (waited < RESEND_COOL_DOWN_SECONDS) {
    const seconds = Math.ceil(RESEND_COOL_DOWN_SECONDS - waited);
    throw new AppError('rate_limited', {
      message: `Please wait ${seconds} seconds before asking for another code.`,
      headers: { 'retry-after': String(seconds) },
    });
  }
  await hit(deps.db, now, [{ key: `resend:user:${user.id}`, max: 10, windowSeconds: 3600 }]);
  // Asked again before the address was ever confirmed: still the joining member's confirmation.
  await sendCode(deps, user, now, user.emailVerifiedAt ? 'sign_in' : 'confirm_email');
}

/** Checks the emailed code; on success the session is replaced by a new, verified one. */
export async function verifyCode(
  deps: AppDeps,
  user: UserRow,
  session: SessionRow,
  code: string,
  client: Client,
) {
  const now = deps.clock.now();
  await hit(deps.db, now, [
    { key: `verify:user:${user.id}`, max: 20, windowSeconds: 15 * 60 },
    { key: `verify:ip:${client.ip}`, max: 50, windowSeconds: 15 * 60 },
  ]);
  const latest = await repo.latestPersonToken(deps.db, user.id, 'two_factor');
  const live = latest && !latest.usedAt && latest.expiresAt > now ? latest : null;
  if (!live) throw validationError({ code: ['This code has expired. Ask for a new code.'] });
  if (live.attempts >= CODE_MAX_ATTEMPTS)
    throw validationError({ code: ['Too many incorrect codes. Ask for a new code.'] });
  if (!sameHash(live.tokenHash, sha256(`${user.id}:${code}`))) {
    const attempts = await repo.countFailedAttempt(deps.db, live);
    const left = CODE_MAX_ATTEMPTS - attempts;
    throw validationError({
      code: [
        left > 0
          ? `The code is incorrect. ${left} attempt${left === 1 ? '' : 's'} left.`
          : 'Too many incorrect codes. Ask for a new code.',
      ],
    });
  }
  return deps.db.transaction(async (tx) => {
    await repo.markTokenUsed(tx, live, now);
    await repo.markEmailVerified(tx, user.id, now);
    await revokeSession(tx, session.id, now);
    return createSession(tx, deps.env, now, {
      userId: user.id,
      organisationId: session.currentOrganisationId,
      gymId: session.currentGymId,
      twoFactorVerified: true,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  });
}

export async function forgotPassword(deps: AppDeps, email: string, client: Client) {
  const now = deps.clock.now();
  await hit(deps.db, now, [
    { key: `forgot:ip:${client.ip}`, max: 10, windowSeconds: 3600 },
    { key: `forgot:account:${email.toLowerCase()}`, max: 3, windowSeconds: 3600 },
  ]);
  const user = await repo.findUserByEmail(deps.db, email);
  // The same work and the same answer whether or not the address has an account: the token is made and
  // retired either way, and the mail goes out after the answer (its SMTP round trip would tell).
  const token = newToken();
  const tokenHash = sha256(token);
  await repo.retirePersonTokens(deps.db, user?.id ?? 0, 'password_reset', now);
  if (!user) return;
  await repo.insertPersonToken(deps.db, {
    userId: user.id,
    kind: 'password_reset',
    tokenHash,
    expiresAt: new Date(now.getTime() + RESET_MINUTES * MINUTE),
    now,
  });
  const url = `${deps.env.APP_URL}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  void deps.mailer
    .send({ to: user.email, ...passwordResetMail({ name: user.name, url, minutes: RESET_MINUTES }) })
    .catch((error: unknown) => Sentry.captureException(error));
}

/**
 * A session for a person who has just accepted a staff invitation from its emailed link: the link
 * (single use, sent to their address) proves the mailbox as the emailed two-factor code does, so the
 * session starts verified, in the organisation that invited them (at its first gym of theirs).
 */
async function sessionAfterInvitation(
  deps: AppDeps,
  userId: number,
  organisationId: number,
  client: Client,
): Promise<string> {
  const now = deps.clock.now();
  const memberships = await loadMemberships(deps.db, userId);
  const gym = memberships.gyms.find((g) => g.organisation_id === organisationId) ?? null;
  return createSession(deps.db, deps.env, now, {
    userId,
    organisationId,
    gymId: gym?.id ?? null,
    twoFactorVerified: true,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/** Sets a password from a single-use link: a reset (ends every session) or an invitation (accepts it). */
export async function setPasswordWithToken(
  deps: AppDeps,
  kind: 'password_reset' | 'invitation',
  input: { token: string; email: string; password: string },
  client?: Client,
) {
  const now = deps.clock.now();
  const problem = passwordProblem(input.password);
  if (problem) throw validationError({ password: [problem] });
  const found = await repo.findLiveToken(deps.db, kind, sha256(input.token), now);
  if (!found || found.user.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    const what = kind === 'invitation' ? 'invitation' : 'password reset';
    throw validationError({ token: [`This ${what} link is invalid or has expired. Ask for a new one.`] });
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, found.user.id, passwordHash, now);
    await repo.markTokenUsed(tx, found.token, now);
    await repo.markEmailVerified(tx, found.user.id, now);
    if (kind === 'invitation' && found.token.organisationId) {
      await repo.acceptInvitation(tx, found.user.id, found.token.organisationId, now);
    }
    await revokeUserSessions(tx, found.user.id, now);
  });
  // An invitation ends signed in, in the organisation that invited them; a reset signs in as usual.
  const organisationId = found.token.organisationId;
  const token =
    kind === 'invitation' && organisationId && client
      ? await sessionAfterInvitation(deps, found.user.id, organisationId, client)
      : null;
  return { user: found.user, token };
}

/**
 * Accepts a staff invitation from its emailed link, for a person who already has an account: the link
 * (single use, for the invited address only) is the proof, and they end signed in to the organisation
 * that invited them. An account with no password yet still gets one from the invitation email.
 */
export async function acceptInvitationByLink(
  deps: AppDeps,
  input: { token: string; email: string },
  client: Client,
) {
  const now = deps.clock.now();
  const found = await repo.findLiveToken(deps.db, 'invitation', sha256(input.token), now);
  const invalid = validationError({
    token: ['This invitation link is invalid or has expired. Ask for a new one.'],
  });
  if (!found?.token.organisationId || found.user.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    throw invalid;
  }
  const organisationId = found.token.organisationId;
  const accepted = await deps.db.transaction(async (tx) => {
    await repo.markTokenUsed(tx, found.token, now);
    await repo.markEmailVerified(tx, found.user.id, now);
    return repo.acceptInvitation(tx, found.user.id, organisationId, now);
  });
  if (!accepted) throw invalid;
  const needsPassword = found.user.passwordHash === null;
  return {
    needsPassword,
    token: needsPassword ? null : await sessionAfterInvitation(deps, found.user.id, organisationId, client),
  };
}
