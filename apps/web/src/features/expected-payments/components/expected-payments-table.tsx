// The expected payments table with its loading, failure and empty states: each row's member, gym and
// period, what the rules expect and what was charged, where the money stands, the membership now, door
// access, and any drift.
import { Badge, EmptyState, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import type { ExpectedPaymentRow, ExpectedPaymentsAnswer } from '../api/expected-payment-answers';
import {
  chargedAmount,
  doorAccessLabel,
  expectedAmount,
  membershipBadge,
  NONE,
  periodLabel,
  statusBadge,
} from '../lib/expected-payment-display';

const COLUMNS = ['Member', 'Gym', 'Period', 'Amount', 'Payment', 'Membership', 'Door access', 'Drift'];

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

/** Badges here say whole sentences ('In grace until 5 Mar 2026'): as written, never cut short. */
const BADGE_STYLES = {
  root: { textTransform: 'none', flexShrink: 0, maxWidth: 'none' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

function PaymentCell({ row }: { row: ExpectedPaymentRow }) {
  const badge = statusBadge(row);
  if (!badge) return <Text size="sm">{NONE}</Text>;
  const error = row.charge?.last_error;
  return (
    <Stack gap={2} align="flex-start" miw={190} maw={260}>
      <Badge color={badge.color} variant="light" styles={BADGE_STYLES}>
        {badge.label}
      </Badge>
      {error && row.payment_status !== 'paid' ? (
        <Text size="xs" c="dimmed" lineClamp={2} title={error}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A row holds either a charge the engine made or a period the rules call for that it has not charged yet,
 * never both: one column says which, rather than a '--' under Expected beside every charge made.
 */
function AmountCell({ row }: { row: ExpectedPaymentRow }) {
  if (!row.charge && !row.expected) return <Text size="sm">{NONE}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{row.charge ? chargedAmount(row) : expectedAmount(row)}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {row.charge ? 'charged' : 'expected, not charged yet'}
      </Text>
    </Stack>
  );
}

function MembershipCell({ row }: { row: ExpectedPaymentRow }) {
  const badge = membershipBadge(row.subscription);
  if (!badge) return <Text size="sm">{NONE}</Text>;
  return (
    <Badge color={badge.color} variant="light" styles={BADGE_STYLES}>
      {badge.label}
    </Badge>
  );
}

const rowKey = (row: ExpectedPaymentRow, index: number) =>
  row.charge
    ? `charge-${row.charge.id}`
    : row.subscription_id !== null
      ? `planned-${row.subscription_id}-${row.period_start}`
      : `stray-${index}`;

function Row({ row }: { row: ExpectedPaymentRow }) {
  return (
    <Table.Tr>
      <Table.Td {...cellLabel('Member')}>{row.member?.name || NONE}</Table.Td>
      <Table.Td {...cellLabel('Gym')}>{row.gym.name || NONE}</Table.Td>
      <Table.Td {...cellLabel('Period')} style={{ whiteSpace: 'nowrap' }}>
        {periodLabel(row)}
      </Table.Td>
      <Table.Td {...cellLabel('Amount')}>
        <AmountCell row={row} />
      </Table.Td>
      <Table.Td {...cellLabel('Payment')}>
        <PaymentCell row={row} />
      </Table.Td>
      <Table.Td {...cellLabel('Membership')} style={{ whiteSpace: 'nowrap' }}>
        <MembershipCell row={row} />
      </Table.Td>
      <Table.Td {...cellLabel('Door access')}>{doorAccessLabel(row.subscription)}</Table.Td>
      <Table.Td {...cellLabel('Drift')} miw={180} maw={260}>
        {row.drift_label ? (
          <Text size="sm" c="red" lineClamp={3} title={row.drift_label}>
            {row.drift_label}
          </Text>
        ) : (
          <Text size="sm">{NONE}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

interface ExpectedPaymentsTableProps {
  query: UseQueryResult<ExpectedPaymentsAnswer>;
  filtered: boolean;
  /** Still working out the range (waiting for the app's today). */
  waiting: boolean;
}

export function ExpectedPaymentsTable({ query, filtered, waiting }: ExpectedPaymentsTableProps) {
  if (waiting || query.isPending) {
    return (
      <Table aria-label="Expected payments" aria-busy="true">
        <Head />
        <SkeletonRows columns={COLUMNS.length} />
      </Table>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorAlert what="the expected payments" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const rows = query.data.data;
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<IconReceipt size={32} aria-hidden />}
        title={filtered ? 'No payments match these filters' : 'No payments in these dates'}
        description={
          filtered
            ? 'Choose another gym or payment, or turn off Drift only.'
            : 'Choose other dates: charges appear here as memberships fall due.'
        }
      />
    );
  }
  return (
    <ListTable label="Expected payments" minWidth={1100}>
      <Table
        aria-label="Expected payments"
        aria-busy={query.isFetching}
        verticalSpacing="sm"
        highlightOnHover
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        <Head />
        <Table.Tbody>
          {rows.map((row, index) => (
            <Row key={rowKey(row, index)} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </ListTable>
  );
}
