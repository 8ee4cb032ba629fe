// The session's current organisation and gym.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema/index';

/** The session's current organisation, and gym in it (or none). */
export async function setCurrentOrganisation(
  db: Executor,
  sessionId: (typeof sessions.$inferSelect)['id'],
  organisationId: number,
  gymId: number | null,
) {
  await db
    .update(sessions)
    .set({ currentOrganisationId: organisationId, currentGymId: gymId })
    .where(eq(sessions.id, sessionId));
}

/** The session's current gym. */
export async function setCurrentGym(
  db: Executor,
  sessionId: (typeof sessions.$inferSelect)['id'],
  gymId: number,
) {
  await db.update(sessions).set({ currentGymId: gymId }).where(eq(sessions.id, sessionId));
}
