// The offerings table with its loading, failure and empty states.
import { offeringTypeLabel } from '@gym/domain';
import { Anchor, Badge, Button, EmptyState, Table } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { route } from '@/config/paths';
import { useCurrentUser } from '@/lib/session/me';
import { canManageOfferings } from '@/lib/session/permissions';
import type { OfferingSummary, PageMeta } from '../api/offering-answers';

interface OfferingsTableProps {
  query: UseQueryResult<{ data: OfferingSummary[]; meta: PageMeta }>;
  filtered: boolean;
  archived: boolean;
}

/** 'All gyms', the owning gym of a single-gym offering, or the gyms it opens. */
export function gymsText(offering: Pick<OfferingSummary, 'all_gyms_access' | 'gym' | 'gyms'>): string {
  if (offering.all_gyms_access) return 'All gyms';
  const names = offering.gyms.map((g) => g.name);
  if (offering.gym && !names.includes(offering.gym.name)) names.unshift(offering.gym.name);
  return names.length > 0 ? names.join(', ') : 'No gyms';
}

const COLUMNS = ['Name', 'Type', 'Gyms', 'Prices', 'Status'];

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

export function OfferingsTable({ query, filtered, archived }: OfferingsTableProps) {
  const user = useCurrentUser();
  if (query.isPending) {
    return (
      <Table aria-label="Offerings" aria-busy="true">
        <Head />
        <SkeletonRows columns={COLUMNS.length} />
      </Table>
    );
  }
  if (query.isError) {
    return <LoadErrorAlert what="the offerings" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const offerings = query.data.data;
  if (offerings.length === 0) {
    return (
      <EmptyState
        icon={<IconBuildingStore size={32} aria-hidden />}
        title={filtered ? 'No offerings match these filters' : 'No offerings yet'}
        description={
          archived
            ? 'No archived offerings here.'
            : 'Offerings are the memberships members join, each with its prices.'
        }
      >
        {canManageOfferings(user) ? (
          <EmptyState.Actions>
            <Button
              component={Link}
              to={route('offerings.create')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New offering
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <ListTable label="Offerings" minWidth={640}>
      <Table captionSide="top" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Table.Caption>{archived ? 'Archived offerings' : 'Offerings on sale'}</Table.Caption>
        <Head />
        <Table.Tbody>
          {offerings.map((offering) => (
            <Table.Tr key={offering.id}>
              <Table.Td {...cellLabel('Name')}>
                <Anchor component={Link} to={route('offerings.show', { id: offering.id })}>
                  {offering.name}
                </Anchor>
              </Table.Td>
              <Table.Td {...cellLabel('Type')}>{offeringTypeLabel(offering.type)}</Table.Td>
              <Table.Td {...cellLabel('Gyms')}>{gymsText(offering)}</Table.Td>
              <Table.Td {...cellLabel('Prices')}>{offering.prices_count}</Table.Td>
              <Table.Td {...cellLabel('Status')}>
                {offering.archived_at ? (
                  <Badge color="gray" variant="light">
                    Archived
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    On sale
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListTable>
  );
}
