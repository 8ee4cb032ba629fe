// /members/{id}/activity: the member's visits per week, the periods they were charged (and whether paid),
// and what each visit cost per week, over a chosen number of weeks (kept in the address).
import { chargeStatusLabel } from '@gym/domain/labels';
import '@mantine/charts/styles.css';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Anchor,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/table-states';
import { route } from '@/config/paths';
import { useMember, useMemberCharts } from '../api/members-api';

const RANGES = ['4', '12', '26', '52'] as const;
const day = (value: string) => formatDate(value as CalendarDate);

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function MemberActivityCharts({ memberId }: { memberId: number }) {
  const [params, setParams] = useSearchParams();
  const weeks = (RANGES as readonly string[]).includes(params.get('weeks') ?? '')
    ? Number(params.get('weeks'))
    : 12;
  const member = useMember(memberId);
  const charts = useMemberCharts(memberId, weeks);
  const data = charts.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={route('members.show', { id: memberId })} size="sm">
        ← {member.data?.name ?? 'Member'}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Activity{member.data ? ` of ${member.data.name}` : ''}</Title>
        <SegmentedControl
          aria-label="Weeks shown"
          value={String(weeks)}
          onChange={(value) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('weeks', value);
              return next;
            })
          }
          data={RANGES.map((r) => ({ value: r, label: `${r} weeks` }))}
        />
      </Group>
      {charts.isError ? (
        <LoadErrorAlert what="the activity" error={charts.error} onRetry={() => void charts.refetch()} />
      ) : !data ? (
        <Stack aria-busy>
          <Skeleton height={240} />
          <Skeleton height={240} />
        </Stack>
      ) : (
        <>
          <Panel title="Visits per week">
            {data.visits.every((w) => w.visits === 0) ? (
              <EmptyState icon={<IconChartBar size={28} aria-hidden />} title="No visits in these weeks" />
            ) : (
              <BarChart
                h={240}
                data={data.visits.map((w) => ({ week: day(w.week_start), Visits: w.visits }))}
                dataKey="week"
                series={[{ name: 'Visits', color: 'teal.6' }]}
                // A chart is a picture to a screen reader: named with what it shows, the figures in words.
                role="img"
                aria-label={`Visits per week: ${data.visits.map((w) => `${day(w.week_start)} ${w.visits}`).join(', ')}`}
              />
            )}
          </Panel>
          <Panel title="Cost per visit, by week">
            {data.cost.every((w) => w.cost_per_visit === null) ? (
              <EmptyState
                icon={<IconChartBar size={28} aria-hidden />}
                title="No visits to divide the cost by"
              />
            ) : (
              <LineChart
                h={240}
                data={data.cost.map((w) => ({
                  week: day(w.week_start),
                  'Cost per visit': w.cost_per_visit === null ? null : w.cost_per_visit / 100,
                  Paid: w.paid / 100,
                }))}
                dataKey="week"
                series={[
                  { name: 'Cost per visit', color: 'orange.6' },
                  { name: 'Paid', color: 'blue.4' },
                ]}
                valueFormatter={(value) => formatMoney(Math.round(value * 100))}
                connectNulls={false}
                role="img"
                aria-label={`Cost per visit by week: ${data.cost
                  .map(
                    (w) =>
                      `${day(w.week_start)} ${w.cost_per_visit === null ? 'no visits' : formatMoney(w.cost_per_visit)}`,
                  )
                  .join(', ')}`}
              />
            )}
          </Panel>
          <Panel title="Membership periods">
            {data.periods.length === 0 ? (
              <EmptyState
                icon={<IconChartBar size={28} aria-hidden />}
                title="No periods charged in these weeks"
              />
            ) : (
              <Stack gap="sm">
                <BarChart
                  h={200}
                  data={data.periods.map((p) => ({
                    period: day(p.period_start),
                    Paid: p.status === 'paid' ? p.amount / 100 : 0,
                    Unpaid: p.status === 'paid' ? 0 : p.amount / 100,
                  }))}
                  dataKey="period"
                  type="stacked"
                  series={[
                    { name: 'Paid', color: 'green.6' },
                    { name: 'Unpaid', color: 'red.5' },
                  ]}
                  valueFormatter={(value) => formatMoney(Math.round(value * 100))}
                  role="img"
                  aria-label="Amount charged per period, paid and unpaid: the table below lists each period"
                />
                <Table striped verticalSpacing={2} aria-label="Membership periods">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Period</Table.Th>
                      <Table.Th>Membership</Table.Th>
                      <Table.Th>Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.periods.map((p) => (
                      <Table.Tr key={`${p.subscription_id}-${p.period_start}`}>
                        <Table.Td>
                          {day(p.period_start)}
                          {p.period_end ? ` – ${day(p.period_end)}` : ''}
                        </Table.Td>
                        <Table.Td>{p.offering}</Table.Td>
                        <Table.Td>{p.formatted_amount}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{chargeStatusLabel(p.status)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            )}
          </Panel>
        </>
      )}
    </Stack>
  );
}
