// A member who signs in on the staff host belongs on the join site, whose cookies are its own. The staff
// host hands them over with a one-time token: a session made for the join site that lives two minutes
// and is never a cookie; redeeming it on the join site ends it and sets a fresh session there. A copied
// link is useless once used or after two minutes.

import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { createSession, findSignedIn } from '../../auth/session';
import { sessions } from '../../db/schema/index';
import { AppError, forbidden, validationError } from '../../http/app-error';

const HANDOVER_SECONDS = 120;
const HANDOVER_INVALID = 'This sign-in link has expired. Sign in again.';

export async function startHandover(deps: AppDeps, auth: AuthContext) {
  if (auth.user.isStaff) throw forbidden('Staff stay on the back office.');
  const now = deps.clock.now();
  const token = await createSession(
    deps.db,
    { ...deps.env, SESSION_TTL_HOURS: HANDOVER_SECONDS / 3600 },
    now,
    {
      userId: auth.user.id,
      organisationId: auth.session.currentOrganisationId,
      gymId: auth.session.currentGymId,
      twoFactorVerified: auth.session.twoFactorVerifiedAt !== null,
    },
  );
  const url = new URL('/', deps.env.REGISTER_URL);
  url.searchParams.set('handover', token);
  return { url: url.toString() };
}

/** Redeems the token on the join site: answers the new session's cookie token. */
export async function redeemHandover(
  deps: AppDeps,
  token: string,
  client: { ip: string; userAgent?: string | undefined },
) {
  const now = deps.clock.now();
  const found = await findSignedIn(deps.db, token, now);
  // Only a hand-over session (short-lived, never used) is accepted, not an ordinary session token.
  const lifetime = found ? found.session.expiresAt.getTime() - found.session.createdAt.getTime() : 0;
  if (!found || lifetime > HANDOVER_SECONDS * 1000) throw validationError({ token: [HANDOVER_INVALID] });
  if (found.user.isStaff) throw new AppError('forbidden', { message: 'Staff stay on the back office.' });
  return deps.db.transaction(async (tx) => {
    // Only one redeem wins: the token's session is ended exactly once.
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, found.session.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw validationError({ token: [HANDOVER_INVALID] });
    return createSession(tx, deps.env, now, {
      userId: found.user.id,
      organisationId: found.session.currentOrganisationId,
      gymId: found.session.currentGymId,
      twoFactorVerified: found.session.twoFactorVerifiedAt !== null,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  });
}
