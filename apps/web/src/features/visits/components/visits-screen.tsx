// /visits: door unlocks at gyms that track visits (from Kisi's webhooks), allowed or refused, with
// filters kept in the address, the filter's counts, and the CSV export. The dates always name a range:
// the server's default (the last 7 days) until another is chosen, at most VISITS_MAX_DAYS days.
import { VISITS_MAX_DAYS } from '@gym/domain/api/visits';
import { CHECK_IN_REFUSAL_LABELS } from '@gym/domain/check-in';
import { formatDateTime } from '@gym/domain/format';
import { Badge, Button, EmptyState, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDoor, IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { DateRangeFilter, GymFilter } from '@/components/ui/list-filters';
import { ListPagination } from '@/components/ui/list-pagination';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { notifyError } from '@/lib/notify';
import { useServedRange } from '@/lib/served-range';
import { useCurrentUser } from '@/lib/session/me';
import { useExportVisits, useVisits } from '../api/visits-api';
import {
  apiFilters,
  filtersFromSearch,
  isFiltered,
  type VisitFilterKey,
  withFilters,
} from '../lib/visit-filters';

const COLUMNS = ['When', 'Member', 'Gym', 'Door', 'Result'];

export function VisitsScreen() {
  const organisationId = useCurrentUser().current_organisation?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const query = apiFilters(filters);
  const visits = useVisits(organisationId, query, filters.page);
  const exporter = useExportVisits();
  const setFilters = (changes: Partial<Record<VisitFilterKey, string>>) =>
    setParams((current) => withFilters(current, changes));
  const meta = visits.data?.meta;
  const rows = visits.data?.data;
  const served = visits.isPlaceholderData ? undefined : meta?.range;
  const range = useServedRange(filters, served, setParams);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Visits</Title>
          <Text c="dimmed" mt={4}>
            {meta
              ? `${meta.successful} allowed and ${meta.refused} refused door unlocks`
              : 'Door unlocks at gyms that track visits'}
          </Text>
        </div>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(query, { onError: (error) => notifyError(error, 'Could not export the visits') })
          }
        >
          Export CSV
        </Button>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <GymFilter gymId={filters.gymId} onChange={(gym) => setFilters({ gym })} />
        <Select
          label="Result"
          data={[
            { value: '', label: 'Allowed and refused' },
            { value: 'allowed', label: 'Allowed' },
            { value: 'refused', label: 'Refused' },
          ]}
          value={filters.result ?? ''}
          onChange={(value) => setFilters({ result: value ?? '' })}
          allowDeselect={false}
          w={190}
        />
        <DateRangeFilter range={range} maxDays={VISITS_MAX_DAYS} onChange={setFilters} />
      </Group>
      {visits.isError ? (
        <LoadErrorAlert what="the visits" error={visits.error} onRetry={() => void visits.refetch()} />
      ) : rows && rows.length === 0 ? (
        <EmptyState
          icon={<IconDoor size={32} aria-hidden />}
          title={isFiltered(filters) ? 'No visits match these filters' : 'No visits yet'}
          description={
            isFiltered(filters)
              ? 'Clear a filter to see more.'
              : 'Visits appear when members unlock a door at a gym that tracks visits.'
          }
        />
      ) : (
        <ListTable label="Visits" minWidth={700}>
          <Table striped aria-label="Visits" aria-busy={visits.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {rows ? (
              <Table.Tbody>
                {rows.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td {...cellLabel('When')}>{formatDateTime(new Date(v.visited_at))}</Table.Td>
                    <Table.Td {...cellLabel('Member')}>{v.user.name}</Table.Td>
                    <Table.Td {...cellLabel('Gym')}>{v.gym.name}</Table.Td>
                    <Table.Td {...cellLabel('Door')}>
                      {v.door?.name ?? (v.at_desk ? 'Front desk' : '--')}
                    </Table.Td>
                    <Table.Td {...cellLabel('Result')}>
                      <Badge color={v.successful ? 'green' : 'red'} variant="light">
                        {v.successful ? 'Allowed' : 'Refused'}
                      </Badge>
                      {v.refused_reason ? (
                        <Text size="xs">{CHECK_IN_REFUSAL_LABELS[v.refused_reason]}</Text>
                      ) : null}
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
      <ListPagination meta={meta} noun="visits" onPage={(page) => setFilters({ page: String(page) })} />
    </Stack>
  );
}
