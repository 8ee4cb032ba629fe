// /offerings: the organisation's offerings a page at a time, filtered by type, gym and archived (the
// filters live in the address, so back and reload keep them).
import { OFFERING_TYPES, type OfferingType } from '@gym/domain';
import { Button, Group, NativeSelect, Stack, Switch, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { route } from '@/config/paths';
import { useGymOptions } from '@/lib/gym-options';
import { useCurrentUser } from '@/lib/session/me';
import { canManageOfferings } from '@/lib/session/permissions';
import { type OfferingFilters, useOfferings } from '../api/list-offerings';
import { typeChoices } from '../lib/choices';
import { OfferingsTable } from './offerings-table';

function filtersOf(params: URLSearchParams): OfferingFilters {
  const type = params.get('type');
  const gymId = Number(params.get('gym_id'));
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    type: (OFFERING_TYPES as readonly string[]).includes(type ?? '') ? (type as OfferingType) : null,
    gymId: Number.isInteger(gymId) && gymId > 0 ? gymId : null,
    archived: params.get('archived') === 'true',
  };
}

export function OfferingsList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const gyms = useGymOptions();
  const user = useCurrentUser();
  const offerings = useOfferings(filters);

  /** A changed filter starts again at page 1. */
  const setFilter = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  const filtered = filters.type !== null || filters.gymId !== null || filters.archived;
  const meta = offerings.data?.meta;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Offerings</Title>
        {canManageOfferings(user) ? (
          <Button
            component={Link}
            to={route('offerings.create')}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New offering
          </Button>
        ) : null}
      </Group>
      <Group align="flex-end" gap="md" role="search" aria-label="Filter offerings">
        <NativeSelect
          label="Type"
          data={[{ value: '', label: 'All types' }, ...typeChoices(OFFERING_TYPES)]}
          value={filters.type ?? ''}
          onChange={(event) => setFilter('type', event.currentTarget.value)}
        />
        <NativeSelect
          label="Gym"
          data={[
            { value: '', label: 'All gyms' },
            ...gyms.map((g) => ({ value: String(g.id), label: g.name })),
          ]}
          value={filters.gymId === null ? '' : String(filters.gymId)}
          onChange={(event) => setFilter('gym_id', event.currentTarget.value)}
        />
        <Switch
          label="Show archived"
          description="Offerings taken off sale"
          checked={filters.archived}
          onChange={(event) => setFilter('archived', event.currentTarget.checked ? 'true' : null)}
          pb={4}
        />
      </Group>
      <OfferingsTable query={offerings} filtered={filtered} archived={filters.archived} />
      <ListPagination meta={meta} noun="offerings" onPage={(page) => setFilter('page', String(page))} />
    </Stack>
  );
}
