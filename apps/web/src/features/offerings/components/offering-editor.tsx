// /offerings/create and /offerings/{id}/edit: the offering form under a heading, with the way back.
import { Alert, Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { route } from '@/config/paths';
import { useCurrentUser } from '@/lib/session/me';
import { canManageOfferings } from '@/lib/session/permissions';
import { useOffering } from '../api/get-offering';
import type { Offering } from '../api/offering-answers';
import { useRouteId } from '../lib/route-id';
import { LoadFailure } from './load-failure';
import { OfferingForm } from './offering-form';

function EditorFrame({
  title,
  offering,
  children,
}: {
  title: string;
  offering?: Offering;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Breadcrumbs aria-label="Breadcrumb">
          <Anchor component={Link} to={route('offerings.index')} size="sm">
            Offerings
          </Anchor>
          {offering ? (
            <Anchor component={Link} to={route('offerings.show', { id: offering.id })} size="sm">
              {offering.name}
            </Anchor>
          ) : null}
          <Text size="sm" aria-current="page">
            {offering ? 'Edit' : 'New offering'}
          </Text>
        </Breadcrumbs>
        <Title order={1}>{title}</Title>
      </Stack>
      {children}
    </Stack>
  );
}

/** For a role that may not change offerings: the reason, instead of a form the server would refuse. */
function NotYourRole() {
  return (
    <Alert color="yellow" role="alert" title="Only admins change offerings" maw={880}>
      Organisation admins and the admins of a gym add and change its offerings. Ask one of them if something
      needs changing.{' '}
      <Anchor component={Link} to={route('offerings.index')}>
        Back to the offerings
      </Anchor>
    </Alert>
  );
}

export function NewOffering() {
  const user = useCurrentUser();
  return (
    <EditorFrame title="New offering">
      {canManageOfferings(user) ? <OfferingForm /> : <NotYourRole />}
    </EditorFrame>
  );
}

function EditOfferingOf({ id }: { id: number }) {
  const user = useCurrentUser();
  const offering = useOffering(id);
  if (offering.isPending) return <PageLoader />;
  if (offering.isError) {
    return <LoadFailure error={offering.error} what="the offering" onRetry={() => void offering.refetch()} />;
  }
  const data = offering.data;
  return (
    <EditorFrame title={`Edit ${data.name}`} offering={data}>
      {!canManageOfferings(user) ? (
        <NotYourRole />
      ) : data.archived_at ? (
        <Alert color="gray" title="This offering is archived" maw={880}>
          An archived offering can no longer be changed.{' '}
          <Anchor component={Link} to={route('offerings.show', { id: data.id })}>
            Back to {data.name}
          </Anchor>
        </Alert>
      ) : (
        <OfferingForm offering={data} />
      )}
    </EditorFrame>
  );
}

export function EditOffering() {
  const id = useRouteId();
  return id === null ? <LoadFailure error={null} what="the offering" /> : <EditOfferingOf id={id} />;
}
