// The dashboard's charts: members active week by week, members by state and by offering, and what
// members of each offering pay per visit.
import '@mantine/charts/styles.css';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/ui/table-states';
import type { ActiveUsersAnswer, CostAndVisitBreakdown, UserBreakdown } from '../api/dashboard-api';

const STATE_LABELS: Record<string, string> = {
  active: 'Active',
  grace: 'In grace',
  paused: 'Paused',
  upcoming: 'Upcoming',
  cancelled: 'Cancelled',
};

function Panel<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  children(data: T): ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {query.isError ? (
        <LoadErrorAlert what={title.toLowerCase()} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <Skeleton height={200} />
      ) : (
        children(query.data)
      )}
    </Paper>
  );
}

export function DashboardCharts({
  activeUsers,
  breakdown,
  costs,
}: {
  activeUsers: UseQueryResult<ActiveUsersAnswer['data']>;
  breakdown: UseQueryResult<UserBreakdown>;
  costs: UseQueryResult<CostAndVisitBreakdown>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Panel title="Active members over time" query={activeUsers}>
        {(points) => (
          <LineChart
            h={220}
            data={points.map((p) => ({ date: formatDate(p.date as CalendarDate), Active: p.active }))}
            dataKey="date"
            series={[{ name: 'Active', color: 'teal.6' }]}
            curveType="linear"
            // A chart is a picture to a screen reader: named with what it shows, the figures in words.
            role="img"
            aria-label={`Active members week by week: ${points.map((p) => `${formatDate(p.date as CalendarDate)} ${p.active}`).join(', ')}`}
          />
        )}
      </Panel>
      <Panel title="Members by state" query={breakdown}>
        {(data) => (
          <BarChart
            h={220}
            data={data.by_state.map((s) => ({ state: STATE_LABELS[s.state] ?? s.state, Members: s.count }))}
            dataKey="state"
            series={[{ name: 'Members', color: 'blue.6' }]}
            role="img"
            aria-label={`Members by state: ${data.by_state.map((s) => `${STATE_LABELS[s.state] ?? s.state} ${s.count}`).join(', ')}`}
          />
        )}
      </Panel>
      <Panel title="Members by offering" query={breakdown}>
        {(data) =>
          data.by_offering.length === 0 ? (
            <Text size="sm" c="dimmed">
              No one holds a membership yet.
            </Text>
          ) : (
            <BarChart
              h={220}
              data={data.by_offering.map((o) => ({ offering: o.name, Members: o.count }))}
              dataKey="offering"
              series={[{ name: 'Members', color: 'violet.6' }]}
              role="img"
              aria-label={`Members by offering: ${data.by_offering.map((o) => `${o.name} ${o.count}`).join(', ')}`}
            />
          )
        }
      </Panel>
      <Panel title="Cost per visit" query={costs}>
        {(data) =>
          data.offerings.length === 0 ? (
            <Text size="sm" c="dimmed">
              No memberships to compare yet.
            </Text>
          ) : (
            <Table aria-label="Cost per visit by offering" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Offering</Table.Th>
                  <Table.Th>Members</Table.Th>
                  <Table.Th>Visits</Table.Th>
                  <Table.Th>Per visit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.offerings.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>{o.name}</Table.Td>
                    <Table.Td>{o.members}</Table.Td>
                    <Table.Td>{o.visits}</Table.Td>
                    <Table.Td>{o.formatted_cost_per_visit ?? 'No visits'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </Panel>
    </SimpleGrid>
  );
}
