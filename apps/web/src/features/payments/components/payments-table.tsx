// The payments table with its loading, failure and empty states; a row opens the payment's drawer.
import { formatDateTime } from '@gym/domain/format';
import { failureLabel } from '@gym/domain/labels';
import { Anchor, EmptyState, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { type PaymentsAnswer, paymentTypeLabel } from '../api/payment-answers';
import { PaymentStatusBadge } from './payment-status-badge';

const COLUMNS = ['Date', 'Member', 'Gym', 'Type', 'Amount', 'Status', 'Notes'];

export function PaymentsTable({
  query,
  filtered,
  onOpen,
}: {
  query: UseQueryResult<PaymentsAnswer>;
  filtered: boolean;
  onOpen(id: number): void;
}) {
  if (query.isError)
    return <LoadErrorAlert what="the payments" error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data?.data;
  if (rows && rows.length === 0)
    return (
      <EmptyState
        icon={<IconReceipt size={32} aria-hidden />}
        title={filtered ? 'No payments match these filters' : 'No payments yet'}
        description={
          filtered ? 'Clear a filter to see more.' : 'Payments appear here once members are charged.'
        }
      />
    );
  return (
    <ListTable label="Payments" minWidth={800}>
      <Table striped highlightOnHover aria-busy={query.isFetching} aria-label="Payments">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {rows ? (
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td {...cellLabel('Date')}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => onOpen(p.id)}
                    aria-describedby={`payment-${p.id}-member`}
                  >
                    {formatDateTime(new Date(p.created_at))}
                  </Anchor>
                </Table.Td>
                <Table.Td {...cellLabel('Member')} id={`payment-${p.id}-member`}>
                  {p.user.name}
                </Table.Td>
                <Table.Td {...cellLabel('Gym')}>{p.gym.name}</Table.Td>
                <Table.Td {...cellLabel('Type')}>{paymentTypeLabel(p.type)}</Table.Td>
                <Table.Td {...cellLabel('Amount')}>{p.formatted_total}</Table.Td>
                <Table.Td {...cellLabel('Status')}>
                  <PaymentStatusBadge group={p.status_group} />
                </Table.Td>
                <Table.Td {...cellLabel('Notes')}>
                  <Text size="xs" c="dimmed">
                    {[
                      p.is_retry ? 'Retry' : null,
                      p.is_pro_rata ? 'Pro rata' : null,
                      p.error_status ? failureLabel(p.error_status) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ) : (
          <SkeletonRows columns={COLUMNS.length} />
        )}
      </Table>
    </ListTable>
  );
}
