// /staff: the organisation's staff a page at a time, filtered by status (kept in the address, so back and
// reload keep it). Organisation admins invite, re-invite and deactivate from here.
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { useCurrentUser } from '@/lib/session/me';
import { type StaffFilters, useStaffList } from '../api/list-staff';
import { STAFF_STATUSES, type StaffMember, type StaffStatus } from '../api/staff-answers';
import { STATUS_LABELS } from '../lib/staff-display';
import { DeactivateStaffModal } from './deactivate-staff-modal';
import { InviteStaffModal } from './invite-staff-modal';
import { StaffTable } from './staff-table';

function filtersOf(params: URLSearchParams): StaffFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: (STAFF_STATUSES as readonly string[]).includes(status ?? '') ? (status as StaffStatus) : null,
  };
}

const STATUS_CHOICES = [
  { value: '', label: 'All' },
  ...STAFF_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export function StaffList() {
  const user = useCurrentUser();
  const organisation = user.current_organisation;
  const organisationId = organisation?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const staff = useStaffList(organisationId, filters);
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const canManage = user.is_organisation_admin;

  /** A changed filter starts again at page 1. */
  const setFilter = (key: 'status' | 'page', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  const meta = staff.data?.meta;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={1}>Staff</Title>
          <Text c="dimmed" mt={4}>
            {canManage ? `Everyone who works at ${organisation?.name}` : 'The staff of the gyms you run'}
          </Text>
        </div>
        {canManage ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite staff
          </Button>
        ) : null}
      </Group>
      <SegmentedControl
        aria-label="Show staff by status"
        data={STATUS_CHOICES}
        value={filters.status ?? ''}
        onChange={(value) => setFilter('status', value)}
        style={{ alignSelf: 'flex-start' }}
      />
      <StaffTable
        query={staff}
        filtered={filters.status !== null}
        canManage={canManage}
        currentUserId={user.id}
        onDeactivate={setDeactivating}
      />
      <ListPagination meta={meta} noun="people" onPage={(page) => setFilter('page', String(page))} />
      {canManage ? (
        <>
          <InviteStaffModal
            opened={inviting}
            organisationId={organisationId}
            onClose={() => setInviting(false)}
          />
          <DeactivateStaffModal
            staff={deactivating}
            organisationName={organisation?.name ?? 'the organisation'}
            onClose={() => setDeactivating(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}
