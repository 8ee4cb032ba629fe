// /members: the organisation's members (gym staff: their gyms'), filtered and sorted (kept in the
// address), a page at a time, with the CSV export of the filtered list and its progress.
import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { route } from '@/config/paths';
import { useGymOptions } from '@/lib/gym-options';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { type ExportProgress, useExportMembers, useMemberPrices, useMembers } from '../api/members-api';
import {
  apiFilters,
  type FilterKey,
  filtersFromSearch,
  isFiltered,
  withFilters,
} from '../lib/member-filters';
import { MembersFilters } from './members-filters';
import { MembersTable } from './members-table';

export function MembersScreen() {
  const user = useCurrentUser();
  const organisationId = user.current_organisation?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const query = apiFilters(filters);
  const members = useMembers(organisationId, query, filters.page);
  const gyms = useGymOptions();
  const prices = useMemberPrices(organisationId);
  const exporter = useExportMembers();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const setFilters = (changes: Partial<Record<FilterKey, string>>) =>
    setParams((current) => withFilters(current, changes));
  // A capped total ('10,000+') is no export's size: the export's progress then shows its rows alone.
  const total = members.data?.meta.total_capped ? null : (members.data?.meta.total ?? null);
  const canAdd = user.is_organisation_admin || user.is_gym_admin;

  const startExport = () => {
    setProgress({ rows: 0, total });
    exporter.mutate(
      { filters: query, total, onProgress: setProgress },
      {
        onSuccess: ({ rows }) => notifySuccess(`${rows} members exported.`),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Members</Title>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            variant="default"
            loading={exporter.isPending}
            onClick={startExport}
          >
            Export CSV
          </Button>
          {canAdd && (
            <Button
              component={Link}
              to={route('members.create')}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              Add member
            </Button>
          )}
        </Group>
      </Group>
      {progress && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            Exporting… {progress.rows}
            {progress.total !== null ? ` of ${progress.total}` : ''} members
          </Text>
          <Progress
            value={progress.total ? Math.min(100, (progress.rows / Math.max(1, progress.total)) * 100) : 100}
            animated
            aria-label="Export progress"
          />
        </Stack>
      )}
      {exporter.isError && (
        <Alert
          color="red"
          role="alert"
          title="Could not export the members"
          withCloseButton
          onClose={() => exporter.reset()}
        >
          {errorMessage(exporter.error)}
        </Alert>
      )}
      <MembersFilters
        filters={filters}
        gyms={gyms}
        prices={(prices.data ?? []).map((p) => ({
          id: p.id,
          label: `${p.offering.name}: ${p.formatted_amount} ${p.billing_frequency_label.toLowerCase()}`,
          offering: p.offering,
        }))}
        onChange={setFilters}
      />
      <MembersTable
        query={members}
        filtered={isFiltered(filters)}
        sort={filters.sort}
        direction={filters.direction}
        onSort={(sort, direction) => setFilters({ sort, direction })}
      />
      <ListPagination
        meta={members.data?.meta}
        noun="members"
        totalCapped={members.data?.meta.total_capped}
        onPage={(page) => setFilters({ page: String(page) })}
      />
    </Stack>
  );
}
