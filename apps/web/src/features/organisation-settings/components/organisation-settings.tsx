// /organisation/settings (organisation admins): each part of the organisation's settings in its own
// section with its own Save, then the age-bypass links and the Akahu webhook events.
import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { useOrganisation } from '../api/get-organisation';
import type { Organisation } from '../api/organisation-answers';
import { AgeBypassLinks } from './age-bypass-links';
import { AkahuWebhooksTable } from './akahu-webhooks-table';
import { GracePeriodForm } from './grace-period-form';
import { NameForm } from './name-form';
import { OfferingPermissionsForm } from './offering-permissions-form';
import { PriceFrequenciesForm } from './price-frequencies-form';
import { SelfServiceForm } from './self-service-form';
import { TaxDetailsForm } from './tax-details-form';

function Sections({ organisation }: { organisation: Organisation }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NameForm organisation={organisation} />
        <AgeBypassLinks organisation={organisation} />
        <GracePeriodForm organisation={organisation} kind="grace-period" />
        <GracePeriodForm organisation={organisation} kind="term-membership-grace-period" />
        <OfferingPermissionsForm organisation={organisation} />
        <PriceFrequenciesForm organisation={organisation} />
        <TaxDetailsForm organisation={organisation} />
        <SelfServiceForm organisation={organisation} />
      </SimpleGrid>
      <AkahuWebhooksTable organisationId={organisation.id} />
    </Stack>
  );
}

function Loading() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true" aria-label="Loading the settings">
      {[1, 2, 3, 4].map((card) => (
        <Skeleton key={card} height={180} radius="md" />
      ))}
    </SimpleGrid>
  );
}

export function OrganisationSettings() {
  const user = useCurrentUser();
  const organisationId = user.current_organisation?.id ?? 0;
  const organisation = useOrganisation(organisationId);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>Organisation settings</Title>
        <Text c="dimmed" mt={4}>
          {organisation.data?.name ?? user.current_organisation?.name}
        </Text>
      </div>
      {organisation.isPending ? <Loading /> : null}
      {organisation.isError ? (
        <Alert color="red" role="alert" title="Could not load the settings">
          {errorMessage(organisation.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void organisation.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {/* Keyed by organisation, so switching organisation starts every form afresh. */}
      {organisation.data ? <Sections key={organisation.data.id} organisation={organisation.data} /> : null}
    </Stack>
  );
}
