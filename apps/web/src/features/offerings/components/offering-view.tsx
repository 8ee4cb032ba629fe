// /offerings/{id}: one offering with its details, opening hours and prices, and the actions on them.
import { Alert, Stack } from '@mantine/core';
import { PageLoader } from '@/components/ui/page-loader';
import { useRecordTitle } from '@/lib/document-title';
import { useCurrentUser } from '@/lib/session/me';
import { useOffering } from '../api/get-offering';
import { useRouteId } from '../lib/route-id';
import { LoadFailure } from './load-failure';
import { OfferingFacts } from './offering-facts';
import { OfferingHeader } from './offering-header';
import { OfferingPrices } from './offering-prices';

function OfferingPage({ id }: { id: number }) {
  const user = useCurrentUser();
  const offering = useOffering(id);
  useRecordTitle(offering.data?.name);
  if (offering.isPending) return <PageLoader />;
  if (offering.isError) {
    return <LoadFailure error={offering.error} what="the offering" onRetry={() => void offering.refetch()} />;
  }
  // The server decides per offering; trainers never may, so they are not offered buttons that would fail.
  const canWrite = user.is_organisation_admin || user.is_gym_admin;
  const data = offering.data;
  return (
    <Stack gap="lg" maw={1100}>
      <OfferingHeader offering={data} canWrite={canWrite} />
      {data.archived_at ? (
        <Alert color="gray" title="This offering is archived">
          It is off sale and can no longer be changed. Members who joined it keep their memberships.
        </Alert>
      ) : null}
      <OfferingFacts offering={data} />
      <OfferingPrices offering={data} canWrite={canWrite} />
    </Stack>
  );
}

export function OfferingView() {
  const id = useRouteId();
  return id === null ? <LoadFailure error={null} what="the offering" /> : <OfferingPage id={id} />;
}
