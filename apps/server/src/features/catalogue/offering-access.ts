// Who may change offerings and prices: organisation admins everywhere, gym admins only for offerings that
// open nothing but gyms they are admin of (never all-gyms offerings). Everyone else on the staff reads.
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import type { Tx } from '../../db/client';
import { forbidden, notFound } from '../../http/app-error';
import { lockOffering } from './offerings.repository';

const ONLY_ADMINS_WRITE = 'Only organisation admins and gym admins can change offerings and prices.';
const ONLY_ORGANISATION_ADMINS_ALL_GYMS = 'Only organisation admins can change offerings for all gyms.';
const ONLY_OWN_GYMS = 'You can only change offerings of gyms you are an admin of.';
export const OFFERING_ARCHIVED = 'This offering is archived and can no longer be changed.';

export interface CatalogueWriter {
  /** Organisation admin: may change any offering of the organisation. */
  everything: boolean;
  /** Gyms of the current organisation the user is admin of. */
  gymIds: number[];
}

/** The caller as a writer of the catalogue; 403 for anyone who is neither an organisation nor a gym admin. */
export function catalogueWriter(auth: AuthContext): CatalogueWriter {
  if (auth.isOrganisationAdmin) return { everything: true, gymIds: [] };
  const gymIds = auth.memberships.gyms
    .filter((g) => g.organisation_id === auth.organisationId && g.role === 'admin')
    .map((g) => g.id);
  if (gymIds.length === 0) throw forbidden(ONLY_ADMINS_WRITE);
  return { everything: false, gymIds };
}

/** The gyms an offering reaches: all of them, or its list plus its owning gym. */
export interface OfferingReach {
  allGymsAccess: boolean;
  gymId: number | null;
  gymIds: number[];
}

export function assertMayWrite(writer: CatalogueWriter, reach: OfferingReach): void {
  if (writer.everything) return;
  if (reach.allGymsAccess) throw forbidden(ONLY_ORGANISATION_ADMINS_ALL_GYMS);
  const gyms = new Set(reach.gymId === null ? reach.gymIds : [...reach.gymIds, reach.gymId]);
  if (gyms.size === 0 || [...gyms].some((id) => !writer.gymIds.includes(id))) throw forbidden(ONLY_OWN_GYMS);
}

/** Loads and locks an offering of the caller's organisation that the caller may change (404, then 403). */
export async function lockWritableOffering(tx: Tx, actor: Actor, offeringId: number) {
  const offering = await lockOffering(tx, actor.auth.organisationId, offeringId);
  if (!offering) throw notFound('Offering not found.');
  assertMayWrite(catalogueWriter(actor.auth), {
    allGymsAccess: offering.allGymsAccess,
    gymId: offering.gymId,
    gymIds: offering.gymIds,
  });
  return offering;
}
