// Test data made through the real tables, with unique values so no test depends on another's rows.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password';
import type { Executor } from '../db/client';
import {
  gymStaff,
  gyms,
  organisationMembers,
  organisationStaff,
  organisations,
  users,
} from '../db/schema/index';

export const TEST_PASSWORD = 'correct-horse-battery';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};
export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function createOrganisation(
  db: Executor,
  overrides: Partial<typeof organisations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(organisations)
    .values({ name: unique('Organisation'), ...overrides })
    .returning();
  return row!;
}

export async function createGym(
  db: Executor,
  organisationId: number,
  overrides: Partial<typeof gyms.$inferInsert> = {},
) {
  const [row] = await db
    .insert(gyms)
    .values({ organisationId, name: unique('Gym'), ...overrides })
    .returning();
  return row!;
}

export async function createUser(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({
      name: 'Aroha Ngata',
      email: `${unique('user')}@example.co.nz`,
      passwordHash: await passwordHash(),
      ...overrides,
    })
    .returning();
  return row!;
}

type Role = 'admin' | 'personal_trainer';

/** A staff user with an organisation role (or none) and per-gym roles. */
export async function createStaff(
  db: Executor,
  input: {
    organisationId: number;
    role?: Role | null;
    gyms?: { gymId: number; role: Role }[];
    user?: Partial<typeof users.$inferInsert>;
  },
) {
  const user = await createUser(db, { isStaff: true, ...input.user });
  await db.insert(organisationStaff).values({
    organisationId: input.organisationId,
    userId: user.id,
    role: input.role ?? null,
    acceptedAt: new Date(),
  });
  for (const gym of input.gyms ?? []) {
    await db
      .insert(gymStaff)
      .values({ organisationId: input.organisationId, gymId: gym.gymId, userId: user.id, role: gym.role });
  }
  return user;
}

export async function createMember(
  db: Executor,
  input: { organisationId: number; gymId?: number; user?: Partial<typeof users.$inferInsert> },
) {
  const user = await createUser(db, { isStaff: false, ...input.user });
  await db
    .insert(organisationMembers)
    .values({ organisationId: input.organisationId, userId: user.id, homeGymId: input.gymId ?? null });
  return user;
}

/** An organisation with two gyms, an organisation admin, a gym admin of the first gym, a trainer and a member. */
export async function createTenant(db: Executor, name = unique('Tenant')) {
  const organisation = await createOrganisation(db, { name, multiGym: true });
  const gymA = await createGym(db, organisation.id, { name: `${name} Central` });
  const gymB = await createGym(db, organisation.id, { name: `${name} North` });
  const admin = await createStaff(db, { organisationId: organisation.id, role: 'admin' });
  const gymAdmin = await createStaff(db, {
    organisationId: organisation.id,
    gyms: [{ gymId: gymA.id, role: 'admin' }],
  });
  const trainer = await createStaff(db, {
    organisationId: organisation.id,
    gyms: [{ gymId: gymA.id, role: 'personal_trainer' }],
  });
  const member = await createMember(db, { organisationId: organisation.id, gymId: gymA.id });
  return { organisation, gymA, gymB, admin, gymAdmin, trainer, member };
}
