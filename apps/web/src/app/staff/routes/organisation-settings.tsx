import { OrganisationSettings } from '@/features/organisation-settings/components/organisation-settings';

export function Component() {
  return <OrganisationSettings />;
}
