// /active-user-debugging (organisation admins): for a day (today unless the address names one), each
// member's membership state on that day and the facts it was worked out from, so "why is this person
// (not) counted as active on the dashboard?" has an answer. The same rules the dashboard counts by.
import { type CalendarDate, isCalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { Badge, EmptyState, Group, List, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { GymFilter } from '@/components/ui/list-filters';
import { ListPagination } from '@/components/ui/list-pagination';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { RouteLink } from '@/components/ui/route-link';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { useCurrentUser } from '@/lib/session/me';
import { useActiveUserDebugging } from '../api/active-user-debugging-api';

const COLUMNS = ['Member', 'Gym', 'State', 'Why'];

export function ActiveUserDebuggingScreen() {
  const organisationId = useCurrentUser().current_organisation?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const gym = Number(params.get('gym'));
  const only = params.get('only');
  const page = Number(params.get('page'));
  const query = {
    date: date && isCalendarDate(date) ? date : null,
    gymId: Number.isInteger(gym) && gym > 0 ? gym : null,
    only: only === 'active' || only === 'inactive' ? only : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  } as const;
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });
  const result = useActiveUserDebugging(organisationId, query);
  const meta = result.data?.meta;
  const rows = result.data?.data;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Active user debugging</Title>
        <Text c="dimmed" mt={4}>
          {meta
            ? `On ${formatDate(meta.date as CalendarDate)}: ${meta.active} active, ${meta.inactive} not active. The dashboard counts by the same rules.`
            : 'Who counts as active on a day, and why.'}
        </Text>
      </div>
      <Group gap="md" align="flex-end" wrap="wrap">
        <DatePickerInput
          label="Day"
          valueFormat="D MMM YYYY"
          value={query.date}
          onChange={(value) => set('date', value ?? '')}
          clearable
          placeholder="Today"
          w={170}
        />
        <GymFilter gymId={query.gymId} onChange={(gym) => set('gym', gym)} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="active-user-only">
            Show
          </Text>
          <SegmentedControl
            aria-labelledby="active-user-only"
            data={[
              { value: '', label: 'Everyone' },
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Not active' },
            ]}
            value={query.only ?? ''}
            onChange={(value) => set('only', value)}
          />
        </Stack>
      </Group>
      {result.isError ? (
        <LoadErrorAlert what="the members" error={result.error} onRetry={() => void result.refetch()} />
      ) : rows && rows.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={32} aria-hidden />}
          title="No members to show"
          description="No one held a membership on this day."
        />
      ) : (
        <ListTable label="Active users" minWidth={700}>
          <Table striped aria-label="Members and their state" aria-busy={result.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {rows ? (
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.subscription_id}>
                    <Table.Td {...cellLabel('Member')}>
                      <RouteLink to="members.show" params={{ id: r.member.id }}>
                        {r.member.name}
                      </RouteLink>
                    </Table.Td>
                    <Table.Td {...cellLabel('Gym')}>{r.gym.name}</Table.Td>
                    <Table.Td {...cellLabel('State')}>
                      <Badge color={r.active ? 'green' : 'gray'} variant="light">
                        {r.state}
                      </Badge>
                    </Table.Td>
                    <Table.Td {...cellLabel('Why')}>
                      <List size="xs" spacing={2}>
                        {r.reasons.map((reason) => (
                          <List.Item key={reason}>{reason}</List.Item>
                        ))}
                      </List>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            ) : (
              <SkeletonRows columns={COLUMNS.length} />
            )}
          </Table>
        </ListTable>
      )}
      <ListPagination meta={meta} noun="members" onPage={(p) => set('page', String(p))} />
    </Stack>
  );
}
