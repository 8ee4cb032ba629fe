// GET /api/organisations/{id}: which offering types and billing frequencies the organisation offers.
// Only organisation admins may read it; for everyone else (or if it fails) every choice is shown and the
// server's 422 message says what is not allowed.
import {
  BILLING_FREQUENCIES,
  type BillingFrequency,
  isFrequencyAllowed,
  OFFERING_TYPES,
  type OfferingType,
} from '@gym/domain';
import { envelope } from '@gym/domain/api/envelope';
import { organisationSchema } from '@gym/domain/api/organisations';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session/me';
import { offeringKeys } from './offering-answers';

/** The part of the organisation answer (the server's own schema) that decides the catalogue's choices. */
const settingsAnswer = envelope(
  organisationSchema.pick({ offering_permissions: true, price_frequencies: true }),
);

type CatalogueSettings = z.infer<typeof settingsAnswer>['data'];

export interface CatalogueChoices {
  types: readonly OfferingType[];
  frequencies: readonly BillingFrequency[];
}

const EVERY_CHOICE: CatalogueChoices = { types: OFFERING_TYPES, frequencies: BILLING_FREQUENCIES };

function choicesOf(settings: CatalogueSettings | undefined): CatalogueChoices {
  if (!settings) return EVERY_CHOICE;
  const permits = settings.offering_permissions;
  return {
    types: OFFERING_TYPES.filter((type) => (type === '24_7' ? permits.non_stop : permits.limited_access)),
    frequencies: BILLING_FREQUENCIES.filter((f) => isFrequencyAllowed(f, settings.price_frequencies)),
  };
}

export function useCatalogueChoices(): CatalogueChoices {
  const user = useCurrentUser();
  const organisationId = user.current_organisation?.id;
  const enabled = user.is_organisation_admin && organisationId !== undefined;
  const settings = useQuery({
    queryKey: offeringKeys.catalogueSettings(organisationId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/organisations/${organisationId}`, { schema: settingsAnswer, signal })).data,
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return choicesOf(settings.data);
}
