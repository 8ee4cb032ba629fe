// Which gyms a reading of payments, visits or figures covers for the person asking: every gym of the
// organisation for its admins (null: no gym condition), else the gyms where they hold one of the roles
// the call allows. A gym asked for by id must be the organisation's (404 otherwise) and one they reach
// (403 otherwise). Shared by the payments, visits and dashboard features.
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/guard';
import type { StaffRole } from '../../auth/memberships';
import type { Executor } from '../../db/client';
import { gyms } from '../../db/schema/index';
import { forbidden, notFound } from '../../http/app-error';

/** The gym ids to read, or null for the whole organisation. */
export async function gymScope(
  db: Executor,
  auth: AuthContext,
  roles: readonly StaffRole[],
  gymId?: number | undefined,
): Promise<number[] | null> {
  const reachable = auth.memberships.gyms
    .filter((g) => g.organisation_id === auth.organisationId && g.role !== null && roles.includes(g.role))
    .map((g) => g.id);
  if (gymId !== undefined) {
    const [gym] = await db
      .select({ id: gyms.id })
      .from(gyms)
      .where(and(eq(gyms.id, gymId), eq(gyms.organisationId, auth.organisationId)));
    if (!gym) throw notFound('Gym not found.');
    if (!auth.isOrganisationAdmin && !reachable.includes(gymId))
      throw forbidden('You do not have this role at that gym.');
    return [gymId];
  }
  if (auth.isOrganisationAdmin) return null;
  if (reachable.length === 0) throw forbidden('You do not have this role at any gym.');
  return reachable;
}

/** Whether the person may act at this gym with one of the roles (organisation admins everywhere). */
export function reachesGym(auth: AuthContext, roles: readonly StaffRole[], gymId: number): boolean {
  if (auth.isOrganisationAdmin) return true;
  return auth.memberships.gyms.some(
    (g) =>
      g.id === gymId &&
      g.organisation_id === auth.organisationId &&
      g.role !== null &&
      roles.includes(g.role),
  );
}
