// Checks an offering payload against the organisation (its switches, its gyms) and works out what to store.
import { HOURS_OVERLAP, type OfferingHours, overlappingHours } from '@gym/domain';
import type { OfferingBody } from '@gym/domain/api/catalogue-requests';
import type { Executor } from '../../db/client';
import { type FieldErrors, validationError } from '../../http/app-error';
import { type CatalogueSettings, gymIdsOfOrganisation } from './catalogue.repository';
import {
  frequencyNotEnabled,
  GYM_OF_ORGANISATION,
  GYMS_OF_ORGANISATION,
  isFrequencyEnabled,
  isTypeEnabled,
  SINGLE_GYM_ALL_GYMS,
  SINGLE_GYM_NOT_ENABLED,
  SINGLE_GYM_OTHER_GYMS,
  TYPE_NOT_ENABLED,
} from './catalogue-rules';
import type { OfferingReach } from './offering-access';
import type { LockedOffering, OfferingValues } from './offerings.repository';

export interface OfferingPlan {
  values: OfferingValues;
  reach: OfferingReach;
  hours: OfferingHours[];
}

/** What the payload asks to reach, before any check: used to decide who may write it. */
export function requestedReach(body: OfferingBody): OfferingReach {
  const gymIds = body.all_gyms_access ? [] : [...new Set(body.gyms)];
  return { allGymsAccess: body.all_gyms_access, gymId: body.gym_id, gymIds };
}

/**
 * Validates the payload against the organisation and answers what to store, or throws one 422 with every
 * problem. On update (`previous`), a switch the organisation has since turned off only blocks a change
 * to that value, so an existing offering can still be renamed.
 */
export async function planOffering(
  db: Executor,
  organisationId: number,
  settings: CatalogueSettings,
  body: OfferingBody,
  previous: LockedOffering | null,
): Promise<OfferingPlan> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const reach = requestedReach(body);

  if (!isTypeEnabled(body.type, settings) && previous?.type !== body.type)
    add('type', TYPE_NOT_ENABLED[body.type]);

  const known = new Set(
    await gymIdsOfOrganisation(db, organisationId, [...reach.gymIds, ...(body.gym_id ? [body.gym_id] : [])]),
  );
  if (reach.gymIds.some((id) => !known.has(id))) add('gyms', GYMS_OF_ORGANISATION);
  if (body.gym_id !== null) {
    if (!known.has(body.gym_id)) add('gym_id', GYM_OF_ORGANISATION);
    else if (!settings.enableOfferings && previous?.gymId !== body.gym_id)
      add('gym_id', SINGLE_GYM_NOT_ENABLED);
    if (body.all_gyms_access) add('all_gyms_access', SINGLE_GYM_ALL_GYMS);
    else if (reach.gymIds.some((id) => id !== body.gym_id)) add('gyms', SINGLE_GYM_OTHER_GYMS);
  }

  // Opening hours belong to Limited Hours offerings; a 24/7 offering keeps none.
  const hours = body.type === 'limited_access' ? body.hours : [];
  for (const index of overlappingHours(hours)) add(`hours.${index}.open_at`, HOURS_OVERLAP);

  // Prices come with a new offering only; afterwards they have their own routes.
  if (!previous) {
    body.prices.forEach((price, index) => {
      if (!isFrequencyEnabled(price.billing_frequency, settings)) {
        add(`prices.${index}.billing_frequency`, frequencyNotEnabled(price.billing_frequency));
      }
    });
  }

  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    values: {
      gymId: body.gym_id,
      name: body.name,
      description: body.description,
      type: body.type,
      allGymsAccess: body.all_gyms_access,
      mandated: body.mandated,
      hoursMandated: body.hours_mandated,
      pricesMandated: body.prices_mandated,
    },
    reach,
    hours,
  };
}
