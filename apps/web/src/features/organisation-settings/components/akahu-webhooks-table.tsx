// The Akahu webhook calls received for the organisation, newest first, a page at a time: what came in,
// whether its signature held, and what became of it.

import { formatDateTime } from '@gym/domain/format';
import { webhookEventLabel } from '@gym/domain/labels';
import { Alert, Badge, Button, EmptyState, NativeSelect, Skeleton, Table } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { SectionCard } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/notify';
import {
  useAkahuWebhooks,
  WEBHOOK_STATUSES,
  type WebhookFilters,
  type WebhookStatus,
} from '../api/list-akahu-webhooks';

const STATUS_COLOURS: Record<string, string> = {
  processed: 'green',
  received: 'blue',
  failed: 'red',
  rejected: 'red',
  duplicate: 'gray',
  ignored: 'gray',
};

const COLUMNS = ['Received', 'Event', 'Status', 'Signature', 'Processed', 'Error'];
const when = (value: string | null) => (value ? formatDateTime(new Date(value)) : '--');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Rows({ query }: { query: ReturnType<typeof useAkahuWebhooks> }) {
  if (query.isPending) {
    return [1, 2, 3].map((row) => (
      <Table.Tr key={row}>
        {COLUMNS.map((column) => (
          <Table.Td key={column}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }
  if (query.isError) {
    return (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS.length}>
          <Alert color="red" role="alert" title="Could not load the webhook events">
            {errorMessage(query.error)}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  }
  return query.data.data.map((call) => (
    <Table.Tr key={call.id}>
      <Table.Td {...cellLabel('Received')}>{when(call.received_at)}</Table.Td>
      <Table.Td {...cellLabel('Event')}>{webhookEventLabel(call.event_type)}</Table.Td>
      <Table.Td {...cellLabel('Status')}>
        <Badge variant="light" color={STATUS_COLOURS[call.status] ?? 'gray'}>
          {capitalised(call.status)}
        </Badge>
      </Table.Td>
      <Table.Td {...cellLabel('Signature')}>{call.signature_valid ? 'Valid' : 'Invalid'}</Table.Td>
      <Table.Td {...cellLabel('Processed')}>{when(call.processed_at)}</Table.Td>
      <Table.Td {...cellLabel('Error')}>{call.error ?? '--'}</Table.Td>
    </Table.Tr>
  ));
}

export function AkahuWebhooksTable({ organisationId }: { organisationId: number }) {
  const [filters, setFilters] = useState<WebhookFilters>({ page: 1, status: null });
  const query = useAkahuWebhooks(organisationId, filters);
  const meta = query.data?.meta;
  const empty = query.isSuccess && query.data.data.length === 0;

  return (
    <SectionCard
      title="Akahu webhook events"
      description="Notices from Akahu, the open-banking provider, about bank payments and connections."
    >
      <NativeSelect
        label="Status"
        maw={220}
        data={[
          { value: '', label: 'All statuses' },
          ...WEBHOOK_STATUSES.map((s) => ({ value: s, label: capitalised(s) })),
        ]}
        value={filters.status ?? ''}
        onChange={(event) =>
          setFilters({ page: 1, status: (event.currentTarget.value || null) as WebhookStatus | null })
        }
      />
      {empty ? (
        <EmptyState
          icon={<IconWebhook size={32} aria-hidden />}
          title={filters.status ? 'No events with this status' : 'No webhook events yet'}
          description="Events appear here when Akahu tells us about a payment or a bank connection."
        />
      ) : (
        <ListTable label="Akahu webhook events" minWidth={720}>
          <Table
            aria-label="Akahu webhook events"
            aria-busy={query.isFetching}
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Rows query={query} />
            </Table.Tbody>
          </Table>
        </ListTable>
      )}
      <ListPagination
        meta={meta}
        noun="events"
        onPage={(page) => setFilters((current) => ({ ...current, page }))}
      />
    </SectionCard>
  );
}
