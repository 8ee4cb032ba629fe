// Server-side sessions behind an HttpOnly cookie. The cookie holds a random token; the database holds
// only its hash. Rotated at sign-in and at two-factor verification; revocable.
import { and, eq, isNull, ne, type Placeholder, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Env } from '../config/env';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema/index';
import {
  type GymMembership,
  gymsOf,
  type Memberships,
  type OrganisationMembership,
  organisationsOf,
} from './memberships';
import { newToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'gym_session';
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface NewSession {
  userId: number;
  organisationId: number | null;
  gymId: number | null;
  twoFactorVerified: boolean;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export async function createSession(db: Executor, env: Env, now: Date, input: NewSession): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: sha256(token),
    userId: input.userId,
    currentOrganisationId: input.organisationId,
    currentGymId: input.gymId,
    twoFactorVerifiedAt: input.twoFactorVerified ? now : null,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + env.SESSION_TTL_HOURS * 3_600_000),
  });
  return token;
}

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** A session that counts: its token's, not revoked, not expired, of a person not deleted. */
const liveSession = (tokenHash: Placeholder, now: Placeholder) =>
  and(
    eq(sessions.id, tokenHash),
    isNull(sessions.revokedAt),
    sql`${sessions.expiresAt} > ${now}`,
    isNull(users.deletedAt),
  );

async function touch(db: Executor, session: SessionRow, now: Date) {
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
}

const userId = sql`${users.id}`;
const signedInQuery = (db: Executor) =>
  db
    .select({
      session: sessions,
      user: users,
      organisations: sql<OrganisationMembership[]>`(
        select coalesce(json_agg(x order by x.name, x.id), '[]'::json) from (${organisationsOf(userId)}) x)`,
      gyms: sql<GymMembership[]>`(
        select coalesce(json_agg(x order by x.name, x.id), '[]'::json) from (${gymsOf(userId)}) x)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(sql.placeholder('tokenHash'), sql.placeholder('now')))
    .prepare('auth_signed_in');
const preparedSignedIn = new WeakMap<Executor, ReturnType<typeof signedInQuery>>();

/**
 * Every signed-in request's first read: the session, its person and their memberships in one prepared
 * statement (one round trip, planned once per connection, the statement built once per database), not
 * three. The memberships are the same rules `loadMemberships` reads. The one read of a session by its
 * token (a hand-over token too).
 */
export async function findSignedIn(db: Executor, token: string, now: Date) {
  let query = preparedSignedIn.get(db);
  if (!query) {
    query = signedInQuery(db);
    preparedSignedIn.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: sha256(token), now });
  if (!row) return null;
  await touch(db, row.session, now);
  const memberships: Memberships = { organisations: row.organisations, gyms: row.gyms };
  return { session: row.session, user: row.user, memberships };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, but the one given (a password reset, a deactivation). */
/** Ends a person's sessions working at one organisation (those elsewhere carry on). */
export async function revokeSessionsAt(db: Executor, userId: number, organisationId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.currentOrganisationId, organisationId),
        isNull(sessions.revokedAt),
      ),
    );
}

export async function revokeUserSessions(db: Executor, userId: number, now: Date, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export function setSessionCookie(reply: FastifyReply, env: Env, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.APP_URL.startsWith('https:'),
    maxAge: env.SESSION_TTL_HOURS * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, env: Env) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.APP_URL.startsWith('https:'),
  });
}
