// Sign-in's one read (session, person and memberships in one statement) against the rules it stands for:
// the memberships `loadMemberships` reads, and the sessions that no longer count.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env';
import type { Database } from '../db/client';
import { organisationMembers, organisationStaff, sessions, users } from '../db/schema/index';
import { createMember, createStaff, createTenant } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { loadMemberships } from './memberships';
import { createSession, findSignedIn } from './session';

let database: Database;
const env = readEnv({ NODE_ENV: 'test', SEED_DEMO: 'false' });
const now = new Date('2026-11-26T02:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function sessionFor(userId: number, organisationId: number | null = null) {
  return createSession(database.db, env, now, {
    userId,
    organisationId,
    gymId: null,
    twoFactorVerified: true,
  });
}

describe('findSignedIn', () => {
  it('answers the memberships loadMemberships reads, for every kind of person', async () => {
    const db = database.db;
    const home = await createTenant(db);
    const other = await createTenant(db);
    // Staff at one organisation with a per-gym role, and a member of another.
    const both = await createStaff(db, {
      organisationId: home.organisation.id,
      gyms: [{ gymId: home.gymB.id, role: 'personal_trainer' }],
    });
    await db
      .insert(organisationMembers)
      .values({ organisationId: other.organisation.id, userId: both.id, homeGymId: other.gymB.id });
    // A pending invitation and a deactivated staff membership give nothing.
    const invited = await createMember(db, { organisationId: other.organisation.id, gymId: other.gymA.id });
    await db.insert(organisationStaff).values({
      organisationId: home.organisation.id,
      userId: invited.id,
      role: 'admin',
      pendingInvite: true,
    });
    const gone = await createStaff(db, { organisationId: home.organisation.id, role: 'admin' });
    await db.update(organisationStaff).set({ deletedAt: now }).where(eq(organisationStaff.userId, gone.id));

    const people = [home.admin, home.gymAdmin, home.trainer, home.member, other.admin, both, invited, gone];
    for (const person of people) {
      const token = await sessionFor(person.id, home.organisation.id);
      const found = await findSignedIn(db, token, now);
      expect(found?.user.id).toBe(person.id);
      expect(found?.session.currentOrganisationId).toBe(home.organisation.id);
      expect(found?.memberships).toEqual(await loadMemberships(db, person.id));
    }
    // The rules themselves, for two of them.
    const mixed = (await findSignedIn(db, await sessionFor(both.id), now))?.memberships;
    expect(mixed?.organisations.map((o) => [o.id, o.role, o.is_member])).toEqual(
      expect.arrayContaining([
        [home.organisation.id, null, false],
        [other.organisation.id, null, true],
      ]),
    );
    expect(mixed?.gyms.map((g) => [g.id, g.role])).toEqual(
      expect.arrayContaining([
        [home.gymB.id, 'personal_trainer'],
        [other.gymB.id, null],
      ]),
    );
    expect((await findSignedIn(db, await sessionFor(gone.id), now))?.memberships).toEqual({
      organisations: [],
      gyms: [],
    });
  });

  it('finds nothing for a revoked or expired session, a deleted person, or an unknown token', async () => {
    const db = database.db;
    const home = await createTenant(db);
    const revoked = await sessionFor(home.admin.id);
    await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.userId, home.admin.id));
    const fresh = await sessionFor(home.trainer.id);
    expect(await findSignedIn(db, revoked, now)).toBeNull();
    expect(await findSignedIn(db, fresh, now)).not.toBeNull();
    const expiry = new Date(now.getTime() + env.SESSION_TTL_HOURS * 3_600_000);
    expect(await findSignedIn(db, fresh, expiry)).toBeNull();
    await db.update(users).set({ deletedAt: now }).where(eq(users.id, home.trainer.id));
    expect(await findSignedIn(db, fresh, now)).toBeNull();
    expect(await findSignedIn(db, 'not-a-token', now)).toBeNull();
  });

  it('reads the session and person as stored, and notes when it was last seen', async () => {
    const db = database.db;
    const home = await createTenant(db);
    const token = await sessionFor(home.gymAdmin.id, home.organisation.id);
    const signedIn = await findSignedIn(db, token, now);
    const [plain] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.userId, home.gymAdmin.id));
    expect(signedIn?.session).toEqual(plain?.session);
    expect(signedIn?.user).toEqual(plain?.user);
    expect(signedIn?.session.lastSeenAt).toBeInstanceOf(Date);
    const later = new Date(now.getTime() + 6 * 60_000);
    await findSignedIn(db, token, later);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, signedIn!.session.id));
    expect(row?.lastSeenAt.getTime()).toBe(later.getTime());
  });
});
