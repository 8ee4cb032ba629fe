// Reading offerings for any staff member of the organisation; another organisation's records are 404.
import type { AppDeps } from '../../app';
import type { AuthContext } from '../../auth/guard';
import { notFound } from '../../http/app-error';
import { offsetOf, type PageQuery, page } from '../../http/envelope';
import { findGym } from './catalogue.repository';
import { presentOfferings, presentSummaries } from './offerings.presenter';
import { findOffering, listGymOfferings, listOfferings, type OfferingFilter } from './offerings.repository';
import { presentUniqueMembership } from './unique-memberships.presenter';
import { uniqueMemberships } from './unique-memberships.repository';

export async function offeringPage(
  deps: AppDeps,
  auth: AuthContext,
  query: PageQuery,
  filter: OfferingFilter,
) {
  const { rows, total } = await listOfferings(deps.db, auth.organisationId, filter, {
    limit: query.per_page,
    offset: offsetOf(query),
  });
  return page(await presentSummaries(deps, auth.organisationId, rows), total, query);
}

/** One offering with every price (archived ones too, marked), its hours and gyms. */
export async function offeringDetail(deps: AppDeps, auth: AuthContext, offeringId: number) {
  const row = await findOffering(deps.db, auth.organisationId, offeringId);
  if (!row) throw notFound('Offering not found.');
  const [offering] = await presentOfferings(deps, auth.organisationId, [row], {
    contextGymId: auth.gym?.id ?? null,
  });
  return offering!;
}

async function gymOf(deps: AppDeps, auth: AuthContext, gymId: number) {
  const gym = await findGym(deps.db, auth.organisationId, gymId);
  if (!gym) throw notFound('Gym not found.');
  return gym;
}

/** Offerings on sale at a gym, each with the prices on sale there (surcharges at that gym's rate). */
export async function gymOfferings(deps: AppDeps, auth: AuthContext, gymId: number) {
  await gymOf(deps, auth, gymId);
  const rows = await listGymOfferings(deps.db, auth.organisationId, gymId);
  return presentOfferings(deps, auth.organisationId, rows, {
    archived: false,
    availableAtGymId: gymId,
    contextGymId: gymId,
  });
}

export async function gymOfferingUniqueMemberships(
  deps: AppDeps,
  auth: AuthContext,
  gymId: number,
  offeringId: number,
) {
  await gymOf(deps, auth, gymId);
  if (!(await findOffering(deps.db, auth.organisationId, offeringId))) throw notFound('Offering not found.');
  const rows = await uniqueMemberships(deps.db, auth.organisationId, gymId, offeringId);
  return rows.map(presentUniqueMembership);
}
