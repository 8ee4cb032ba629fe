// One price of an offering: what it costs and on what terms (all worded by the server), how many
// members are on it, its private links, and what can be done to it (edit, archive or restore, delete).
import type { BillingFrequency } from '@gym/domain';
import { Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArrowBackUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import type { Price } from '../api/offering-answers';
import { useArchivePrice, useDeletePrice, useRestorePrice } from '../api/price-actions';
import { priceName } from '../lib/price-order';
import { ConfirmModal } from './confirm-modal';
import { PriceModal } from './price-modal';
import { PrivateLinks } from './private-links';

interface PriceCardProps {
  price: Price;
  offeringId: number;
  offeringArchived: boolean;
  canWrite: boolean;
  frequencies: readonly BillingFrequency[];
}

type Action = 'edit' | 'archive' | 'restore' | 'delete';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

export function PriceCard({ price, offeringId, offeringArchived, canWrite, frequencies }: PriceCardProps) {
  const headingId = useId();
  const [action, setAction] = useState<Action | null>(null);
  const archive = useArchivePrice(offeringId);
  const restore = useRestorePrice(offeringId);
  const remove = useDeletePrice(offeringId);
  const name = priceName(price);
  const archived = price.archived_at !== null;
  const members = price.subscriptions_count;
  const close = () => setAction(null);
  const button = (kind: Action, label: string, icon: ReactNode, color?: string) => (
    <Button
      variant="subtle"
      size="compact-sm"
      color={color}
      leftSection={icon}
      aria-label={`${label} ${name}`}
      onClick={() => setAction(kind)}
    >
      {label}
    </Button>
  );

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" align="center">
            <Title order={3} size="h4" id={headingId}>
              {name}
            </Title>
            {price.private ? <Badge variant="light">Private</Badge> : null}
            {price.is_term_membership ? (
              <Badge variant="light" color="orange">
                Initial term
              </Badge>
            ) : null}
            {archived ? (
              <Badge variant="light" color="gray">
                Archived
              </Badge>
            ) : null}
          </Group>
          {canWrite ? (
            <Group gap={4}>
              {archived ? null : button('edit', 'Edit', <IconPencil size={16} aria-hidden />)}
              {archived
                ? offeringArchived
                  ? null
                  : button('restore', 'Restore', <IconArrowBackUp size={16} aria-hidden />)
                : button('archive', 'Archive', <IconArchive size={16} aria-hidden />)}
              {/* A price with subscriptions can only be archived (spec: deleted only with none). */}
              {members > 0 ? null : button('delete', 'Delete', <IconTrash size={16} aria-hidden />, 'red')}
            </Group>
          ) : null}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
          <Fact label="Joining fee" value={price.joining_fee > 0 ? price.formatted_joining_fee : 'None'} />
          <Fact
            label={`With ${price.formatted_surcharge_rate} card surcharge`}
            value={price.formatted_amount_with_surcharge}
          />
          <Fact label="Term" value={price.formatted_term ?? 'None (flexi)'} />
          <Fact label="Subscriptions" value={String(members)} />
          {price.is_term_membership ? (
            <Fact label="Total over the term" value={price.formatted_total_value} />
          ) : null}
        </SimpleGrid>
        {archived && price.private_links.length === 0 ? null : (
          <>
            <Divider />
            <PrivateLinks price={price} offeringId={offeringId} canCreate={canWrite && !archived} />
          </>
        )}
      </Stack>
      {action === 'edit' ? (
        <PriceModal offeringId={offeringId} price={price} frequencies={frequencies} onClose={close} />
      ) : null}
      <ConfirmModal
        opened={action === 'archive'}
        onClose={close}
        title={`Archive ${name}?`}
        confirmLabel="Archive price"
        onConfirm={async () => {
          await archive.mutateAsync(price.id);
          notifySuccess(`${name} was archived.`);
        }}
      >
        {`It comes off sale: nobody new can join on it.${members > 0 ? ' Members already on it keep it.' : ''} You can restore it later.`}
      </ConfirmModal>
      <ConfirmModal
        opened={action === 'restore'}
        onClose={close}
        title={`Restore ${name}?`}
        confirmLabel="Restore price"
        onConfirm={async () => {
          await restore.mutateAsync(price.id);
          notifySuccess(`${name} is on sale again.`);
        }}
      >
        It goes back on sale, so new members can join on it.
      </ConfirmModal>
      <ConfirmModal
        opened={action === 'delete'}
        onClose={close}
        title={`Delete ${name}?`}
        confirmLabel="Delete price"
        color="red"
        onConfirm={async () => {
          await remove.mutateAsync(price.id);
          notifySuccess(`${name} was deleted.`);
        }}
      >
        The price is removed for good. A price members have joined on cannot be deleted: archive it instead.
      </ConfirmModal>
    </Paper>
  );
}
