// The settings writes, one PUT per section: PUT /api/organisations/{id} (name), …/grace-period,
// …/term-membership-grace-period, …/offering-permissions, …/price-frequencies, …/tax-details and
// …/self-service. Each answers the whole
// organisation, which replaces the cached one.
import type {
  FailedPaymentGracePeriodInput,
  OfferingPermissionsInput,
  PriceFrequenciesInput,
  TermMembershipGracePeriodInput,
} from '@gym/domain';
import { organisationAnswer } from '@gym/domain/api/organisations';
import type { SelfServiceSettings, TaxDetails } from '@gym/domain/self-service';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/session/me';
import { organisationKeys } from './organisation-answers';

/** Each section's path under /api/organisations/{id} and the body it sends. */
export interface SettingsSections {
  name: { name: string };
  'grace-period': FailedPaymentGracePeriodInput;
  'term-membership-grace-period': TermMembershipGracePeriodInput;
  'offering-permissions': OfferingPermissionsInput;
  'price-frequencies': PriceFrequenciesInput;
  'tax-details': TaxDetails;
  'self-service': SelfServiceSettings;
}
export type SettingsSection = keyof SettingsSections;

const pathOf = (id: number, section: SettingsSection) =>
  section === 'name' ? `/api/organisations/${id}` : `/api/organisations/${id}/${section}`;

const updateOrganisation = async <S extends SettingsSection>(
  id: number,
  section: S,
  body: SettingsSections[S],
) => (await api.put(pathOf(id, section), body, { schema: organisationAnswer })).data;

/** Field errors (422) are shown by the section's form; other failures as a toast. */
export function useUpdateOrganisation<S extends SettingsSection>(id: number, section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsSections[S]) => updateOrganisation(id, section, body),
    meta: { errorTitle: 'Could not save the settings' },
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKeys.detail(id), organisation);
      // The sidebar shows the organisation's name; offering screens read the permissions.
      if (section === 'name') void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['offerings'] });
    },
  });
}
