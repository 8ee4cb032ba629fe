// The top of an offering's page: where it sits, its name and state, and what can be done to it (edit,
// archive, delete), each change behind a confirmation.
import { Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { route } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useArchiveOffering, useDeleteOffering } from '../api/offering-actions';
import type { Offering } from '../api/offering-answers';
import { ConfirmModal } from './confirm-modal';

interface OfferingHeaderProps {
  offering: Offering;
  canWrite: boolean;
}

export function OfferingHeader({ offering, canWrite }: OfferingHeaderProps) {
  const navigate = useNavigate();
  const archive = useArchiveOffering();
  const remove = useDeleteOffering();
  const [confirming, setConfirming] = useState<'archive' | 'delete' | null>(null);
  const archived = offering.archived_at !== null;
  // Deleting is for mistakes nobody joined; an offering people joined is archived instead.
  const everJoined = offering.prices.some((price) => price.subscriptions_count > 0);

  return (
    <Stack gap="xs">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to={route('offerings.index')} size="sm">
          Offerings
        </Anchor>
        <Text size="sm" aria-current="page">
          {offering.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="center">
          <Title order={1}>{offering.name}</Title>
          <Badge variant="light" color="blue">
            {offering.type_label}
          </Badge>
          {archived ? (
            <Badge variant="light" color="gray">
              Archived
            </Badge>
          ) : null}
        </Group>
        {canWrite && !archived ? (
          <Group gap="sm">
            <Button
              component={Link}
              to={route('offerings.edit', { id: offering.id })}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Edit offering
            </Button>
            <Button
              variant="default"
              leftSection={<IconArchive size={16} aria-hidden />}
              onClick={() => setConfirming('archive')}
            >
              Archive offering
            </Button>
            {everJoined ? null : (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming('delete')}
              >
                Delete offering
              </Button>
            )}
          </Group>
        ) : null}
      </Group>
      <ConfirmModal
        opened={confirming === 'archive'}
        onClose={() => setConfirming(null)}
        title={`Archive ${offering.name}?`}
        confirmLabel="Archive offering"
        onConfirm={async () => {
          await archive.mutateAsync(offering.id);
          notifySuccess(`${offering.name} was archived.`);
        }}
      >
        It and its prices come off sale. Members on them keep their memberships. An archived offering cannot
        be changed or put back on sale.
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'delete'}
        onClose={() => setConfirming(null)}
        title={`Delete ${offering.name}?`}
        confirmLabel="Delete offering"
        color="red"
        onConfirm={async () => {
          await remove.mutateAsync(offering.id);
          notifySuccess(`${offering.name} was deleted.`);
          await navigate(route('offerings.index'));
        }}
      >
        The offering and its prices are removed for good. This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
