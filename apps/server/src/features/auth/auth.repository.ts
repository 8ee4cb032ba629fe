import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { authTokens, organisationMembers, organisationStaff, users } from '../../db/schema/index';
import { AWAITING_FIRST_PAYMENT } from '../billing';

export type TokenKind = 'password_reset' | 'invitation' | 'two_factor';

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)));
  return user ?? null;
}

/**
 * A person's own token (a password reset, a two-factor code): of no organisation, like their session.
 * Its statements say `organisation_id is null` (the tenant statement check's exception for them,
 * db/tenant-statements.ts); an invitation is its organisation's (staff-write.repository.ts).
 */
export type PersonTokenKind = Exclude<TokenKind, 'invitation'>;

export async function insertPersonToken(
  db: Executor,
  input: { userId: number; kind: PersonTokenKind; tokenHash: string; expiresAt: Date; now: Date },
) {
  await db.execute(
    sql`insert into auth_tokens (user_id, kind, token_hash, expires_at, created_at, organisation_id)
        values (${input.userId}, ${input.kind}, ${input.tokenHash}, ${input.expiresAt}, ${input.now}, null)`,
  );
}

/**
 * An unused, unexpired token of this kind with this hash, with its user: a person's own (of no
 * organisation), or an invitation, whose organisation the link does not name (its hash finds it).
 */
export async function findLiveToken(db: Executor, kind: TokenKind, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.kind, kind),
        eq(authTokens.tokenHash, tokenHash),
        kind === 'invitation' ? undefined : isNull(authTokens.organisationId),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

export async function latestPersonToken(db: Executor, userId: number, kind: PersonTokenKind) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.organisationId)))
    .orderBy(desc(authTokens.createdAt), desc(authTokens.id))
    .limit(1);
  return row ?? null;
}

/** The token's organisation, or none for a person's own. */
const ofToken = (token: { organisationId: number | null }) =>
  token.organisationId === null
    ? isNull(authTokens.organisationId)
    : eq(authTokens.organisationId, token.organisationId);

export async function markTokenUsed(
  db: Executor,
  token: { id: number; organisationId: number | null },
  now: Date,
) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, token.id), ofToken(token)));
}

export async function retirePersonTokens(db: Executor, userId: number, kind: PersonTokenKind, now: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, kind),
        isNull(authTokens.organisationId),
        isNull(authTokens.usedAt),
      ),
    );
}

export async function countFailedAttempt(db: Executor, token: { id: number; organisationId: number | null }) {
  const [row] = await db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(and(eq(authTokens.id, token.id), ofToken(token)))
    .returning({ attempts: authTokens.attempts });
  return row?.attempts ?? 0;
}

export async function setPassword(db: Executor, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Executor, userId: number, now: Date) {
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** The person accepts: staff of that organisation from now on (if the invitation was not withdrawn). */
export async function acceptInvitation(db: Executor, userId: number, organisationId: number, now: Date) {
  const accepted = await db
    .update(organisationStaff)
    .set({ pendingInvite: false, acceptedAt: now })
    .where(
      and(
        eq(organisationStaff.userId, userId),
        eq(organisationStaff.organisationId, organisationId),
        isNull(organisationStaff.deletedAt),
      ),
    )
    .returning({ userId: organisationStaff.userId });
  if (accepted.length > 0) {
    await db.update(users).set({ isStaff: true, updatedAt: now }).where(eq(users.id, userId));
  }
  return accepted.length > 0;
}

/** The member's record in the organisation (their payment methods: ../payments paymentTypesOf). */
export async function memberProfile(db: Executor, userId: number, organisationId: number) {
  const [member] = await db
    .select()
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.userId, userId), eq(organisationMembers.organisationId, organisationId)),
    );
  return { member: member ?? null };
}

/**
 * What GET /api/me tells the join site about the member's membership (one query): the live one, or
 * else the newest one they held, so a member who cancelled still counts as joined (their account).
 * Joined (`complete`) is confirmed and not awaiting a first payment declined at confirmation (BILLING.md:
 * not a debt; the confirm step asks again). A membership confirmed before its start (nothing charged
 * yet), or whose later charge failed (a debt, in grace: paid from the account), is joined.
 */
export async function joinFacts(db: Executor, organisationId: number, userId: number) {
  const [row] = await queryRows<{
    offering_id: number;
    offering_name: string;
    price_id: number;
    general_card_surcharge_text: string | null;
    card_surcharge_basis_points: number;
    complete: boolean;
  }>(
    db,
    sql`select o.id::int as offering_id, o.name as offering_name, p.id::int as price_id,
          g.general_card_surcharge_text, g.card_surcharge_basis_points,
          (not s.is_staging and s.upcoming_state is distinct from ${AWAITING_FIRST_PAYMENT}) as complete
        from subscriptions s
        join prices p on p.id = s.price_id
        join offerings o on o.id = p.offering_id
        join gyms g on g.id = s.gym_id
        where s.organisation_id = ${organisationId} and s.user_id = ${userId}
          and (s.cancelled_at is null or not s.is_staging)
        order by (s.cancelled_at is null) desc, s.id desc limit 1`,
  );
  return row ?? null;
}
