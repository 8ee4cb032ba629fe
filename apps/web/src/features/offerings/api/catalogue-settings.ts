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
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session/me';

const settingsAnswer = z.object({
  data: z.object({
    offering_permissions: z.object({ non_stop: z.boolean(), limited_access: z.boolean() }),
    price_frequencies: z.object({
      weekly: z.boolean(),
      fortnightly: z.boolean(),
      monthly: z.boolean(),
      quarterly: z.boolean(),
      six_monthly: z.boolean(),
      yearly: z.boolean(),
    }),
  }),
});

export type CatalogueSettings = z.infer<typeof settingsAnswer>['data'];

export interface CatalogueChoices {
  types: readonly OfferingType[];
  frequencies: readonly BillingFrequency[];
}

export const EVERY_CHOICE: CatalogueChoices = { types: OFFERING_TYPES, frequencies: BILLING_FREQUENCIES };

export function choicesOf(settings: CatalogueSettings | undefined): CatalogueChoices {
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
    queryKey: ['offerings', 'catalogue-settings', organisationId],
    queryFn: async ({ signal }) =>
      (await api.get(`/api/organisations/${organisationId}`, { schema: settingsAnswer, signal })).data,
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return choicesOf(settings.data);
}
