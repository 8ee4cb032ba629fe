// The webhook calls table with its loading, failure and empty states; a row opens the call.

import { formatDateTime } from '@gym/domain/format';
import { webhookEventLabel } from '@gym/domain/labels';
import { Anchor, EmptyState, Table, Text } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import type { WebhookCall, WebhookCallsPage } from '../api/webhook-call-answers';
import { providerLabel, remarkOf } from '../lib/webhook-call-display';
import { WebhookCallStatusBadge } from './webhook-call-status-badge';

interface WebhookCallsTableProps {
  query: UseQueryResult<WebhookCallsPage>;
  filtered: boolean;
  onOpen: (call: WebhookCall) => void;
}

const COLUMNS = ['Received', 'Provider', 'Event type', 'Event ID', 'Status', 'Error / note'];

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        {COLUMNS.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function Remark({ call }: { call: WebhookCall }) {
  const remark = remarkOf(call);
  if (!remark) return <Text size="sm">--</Text>;
  return (
    <Text size="sm" c={remark.kind === 'error' ? 'red' : 'dimmed'} lineClamp={2} title={remark.text}>
      {remark.text}
    </Text>
  );
}

function Row({ call, onOpen }: { call: WebhookCall; onOpen: (call: WebhookCall) => void }) {
  return (
    // The row is a large target for the mouse; the event type's button is the keyboard's way in.
    <Table.Tr onClick={() => onOpen(call)} style={{ cursor: 'pointer' }}>
      <Table.Td {...cellLabel('Received')} style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={call.received_at}>{formatDateTime(new Date(call.received_at))}</time>
      </Table.Td>
      <Table.Td {...cellLabel('Provider')}>{providerLabel(call.provider)}</Table.Td>
      <Table.Td {...cellLabel('Event type')}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(call);
          }}
        >
          {webhookEventLabel(call.event_type)}
        </Anchor>
        {call.event_type ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {call.event_type}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td {...cellLabel('Event ID')}>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {call.external_id ?? '--'}
        </Text>
      </Table.Td>
      <Table.Td {...cellLabel('Status')}>
        <WebhookCallStatusBadge status={call.status} />
      </Table.Td>
      <Table.Td {...cellLabel('Error / note')} maw={320}>
        <Remark call={call} />
      </Table.Td>
    </Table.Tr>
  );
}

export function WebhookCallsTable({ query, filtered, onOpen }: WebhookCallsTableProps) {
  if (query.isPending) {
    return (
      <Table aria-label="Webhook calls" aria-busy="true">
        <Head />
        <SkeletonRows columns={COLUMNS.length} />
      </Table>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorAlert what="the webhook calls" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const calls = query.data.data;
  if (calls.length === 0) {
    return (
      <EmptyState
        icon={<IconWebhook size={32} aria-hidden />}
        title={filtered ? 'No webhook calls match these filters' : 'No webhook calls yet'}
        description={
          filtered
            ? 'Choose another provider or status to see more calls.'
            : 'Calls appear here as Akahu, Stripe and Kisi tell us about payments, accounts and door unlocks.'
        }
      />
    );
  }
  return (
    <ListTable label="Webhook calls" minWidth={860}>
      <Table
        aria-label="Webhook calls"
        highlightOnHover
        verticalSpacing="sm"
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        <Head />
        <Table.Tbody>
          {calls.map((call) => (
            <Row key={call.id} call={call} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </ListTable>
  );
}
