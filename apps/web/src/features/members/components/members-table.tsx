// The members table with its loading, failure and empty states; headers sort (kept in the address).

import type { memberPage } from '@gym/domain/api/members';
import { billingFrequencyLabel } from '@gym/domain/billing-frequency';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { Avatar, EmptyState, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { RouteLink } from '@/components/ui/route-link';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import type { MemberSort } from '../api/member-answers';
import { StateBadge } from './state-badge';

type MembersAnswer = z.infer<typeof memberPage>;

const COLUMNS: { label: string; sort?: MemberSort }[] = [
  { label: 'Member', sort: 'name' },
  { label: 'State' },
  { label: 'Membership' },
  { label: 'Next payment', sort: 'next_payment' },
  { label: 'Balance owing', sort: 'balance_owing' },
  { label: 'Last visit', sort: 'last_visit' },
  { label: 'Joined', sort: 'joined' },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export function MembersTable({
  query,
  filtered,
  sort,
  direction,
  onSort,
}: {
  query: UseQueryResult<MembersAnswer>;
  filtered: boolean;
  sort: MemberSort;
  direction: 'asc' | 'desc';
  onSort(sort: MemberSort, direction: 'asc' | 'desc'): void;
}) {
  if (query.isError)
    return <LoadErrorAlert what="the members" error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data?.data;
  if (rows && rows.length === 0)
    return (
      <EmptyState
        icon={<IconUsers size={32} aria-hidden />}
        title={filtered ? 'No members match these filters' : 'No members yet'}
        description={
          filtered ? 'Clear a filter to see more.' : 'Add a member, or share a join link from an offering.'
        }
      />
    );
  return (
    <ListTable label="Members" minWidth={900}>
      <Table striped highlightOnHover verticalSpacing={4} aria-busy={query.isFetching} aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const active = column.sort === sort;
              return (
                <Table.Th
                  key={column.label}
                  aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sort ? (
                    <UnstyledButton
                      onClick={() => onSort(column.sort!, active && direction === 'asc' ? 'desc' : 'asc')}
                      aria-label={`Sort by ${column.label.toLowerCase()}`}
                    >
                      <Group gap={4} wrap="nowrap">
                        <Text fw={700} size="sm">
                          {column.label}
                        </Text>
                        {active &&
                          (direction === 'asc' ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : (
                            <IconArrowDown size={14} aria-hidden />
                          ))}
                      </Group>
                    </UnstyledButton>
                  ) : (
                    column.label
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        {rows ? (
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td {...cellLabel('Member')}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={m.profile_picture} size={28} radius="xl" alt="">
                      {initials(m.name)}
                    </Avatar>
                    <div>
                      <RouteLink to="members.show" params={{ id: m.id }} size="sm" fw={600}>
                        {m.name}
                      </RouteLink>
                      <Text size="xs" c="dimmed">
                        {m.email}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                {/* Wide enough for the longest state ("No membership"), so a badge is never cut short. */}
                <Table.Td {...cellLabel('State')} miw={130}>
                  <StateBadge
                    state={m.subscription?.state ?? null}
                    colour={m.subscription?.card_colour ?? null}
                  />
                </Table.Td>
                <Table.Td {...cellLabel('Membership')}>
                  {m.subscription ? (
                    <>
                      <Text size="sm">{m.subscription.offering.name}</Text>
                      <Text size="xs" c="dimmed">
                        {m.subscription.price.formatted_amount}{' '}
                        {billingFrequencyLabel(m.subscription.price.billing_frequency).toLowerCase()}
                      </Text>
                    </>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td {...cellLabel('Next payment')}>
                  {m.subscription?.next_payment_date
                    ? formatDate(m.subscription.next_payment_date as CalendarDate)
                    : '—'}
                </Table.Td>
                <Table.Td {...cellLabel('Balance owing')}>
                  <Text size="sm" c={m.subscription && m.subscription.balance_owing > 0 ? 'red' : undefined}>
                    {m.subscription?.formatted_balance_owing ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td {...cellLabel('Last visit')}>
                  {m.last_visit_at ? formatDate(new Date(m.last_visit_at)) : 'Never'}
                </Table.Td>
                <Table.Td {...cellLabel('Joined')}>{formatDate(new Date(m.created_at))}</Table.Td>
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
