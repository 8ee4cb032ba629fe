// /staff/{id}: one staff member: who they are, their role and gyms, their state and visits, and (for
// organisation admins) changing their roles, sending the invitation again and deactivating.

import { roleLabel } from '@gym/domain';
import { formatDate } from '@gym/domain/format';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  DataList,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconUserCog } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useRecordTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { useStaffMember } from '../api/get-staff';
import type { StaffDetail as Staff, StaffMember } from '../api/staff-answers';
import { STATUS_LABELS, staffRoleLabel } from '../lib/staff-display';
import { DeactivateStaffModal } from './deactivate-staff-modal';
import { EditStaffRolesModal } from './edit-staff-roles-modal';
import { StaffActionButtons } from './staff-row-actions';
import { StaffStatusBadge } from './staff-status-badge';
import { WeeklyDigestSetting } from './weekly-digest-setting';

const day = (value: string | null) => (value ? formatDate(new Date(value)) : '--');

function GymRoles({ staff }: { staff: Staff }) {
  if (staff.role === 'admin') {
    return <Text size="sm">Admin of every gym of the organisation, present and future.</Text>;
  }
  if (staff.gyms.length === 0) return <Text size="sm">No roles at particular gyms.</Text>;
  return (
    <Table aria-label="Gyms and roles" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Gym</Table.Th>
          <Table.Th>Role</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {staff.gyms.map((gym) => (
          <Table.Tr key={gym.id}>
            <Table.Td>{gym.name}</Table.Td>
            <Table.Td>{roleLabel(gym.role)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Details({ staff, canManage, isSelf }: { staff: Staff; canManage: boolean; isSelf: boolean }) {
  const user = useCurrentUser();
  useRecordTitle(staff.name);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const [editingRoles, setEditingRoles] = useState(false);
  const mayChangeRoles = canManage && staff.status !== 'deactivated';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Group gap="md">
          <Avatar size="lg" radius="xl" color="initials" name={staff.name} aria-hidden />
          <div>
            <Group gap="sm">
              <Title order={1}>{staff.name}</Title>
              <StaffStatusBadge staff={staff} />
            </Group>
            <Text c="dimmed">{staff.email}</Text>
          </div>
        </Group>
        {canManage ? (
          <StaffActionButtons staff={staff} isSelf={isSelf} onDeactivate={setDeactivating} />
        ) : null}
      </Group>
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Details">
        <DataList labelWidth={160}>
          <DataList.Item>
            <DataList.ItemLabel>Role</DataList.ItemLabel>
            <DataList.ItemValue>{staffRoleLabel(staff)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Status</DataList.ItemLabel>
            <DataList.ItemValue>
              {STATUS_LABELS[staff.status]}
              {staff.status === 'deactivated' ? ` on ${day(staff.deleted_at)}` : ''}
              {staff.status === 'pending' ? ` (invited ${day(staff.invited_at)})` : ''}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Password</DataList.ItemLabel>
            <DataList.ItemValue>{staff.awaiting_password ? 'Not set yet' : 'Set'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Visits</DataList.ItemLabel>
            <DataList.ItemValue>{staff.visits_count}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Staff since</DataList.ItemLabel>
            <DataList.ItemValue>{day(staff.created_at)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="staff-gyms-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4" id="staff-gyms-title">
              Gyms
            </Title>
            {mayChangeRoles ? (
              <Button
                variant="default"
                size="compact-md"
                leftSection={<IconUserCog size={16} aria-hidden />}
                onClick={() => setEditingRoles(true)}
              >
                Change roles
              </Button>
            ) : null}
          </Group>
          <GymRoles staff={staff} />
        </Stack>
      </Paper>
      {isSelf && user.is_organisation_admin && user.current_organisation ? (
        <WeeklyDigestSetting organisationId={user.current_organisation.id} />
      ) : null}
      {mayChangeRoles ? (
        <EditStaffRolesModal
          key={`${staff.id}:${staff.role}:${staff.gyms.map((g) => `${g.id}${g.role}`).join()}`}
          staff={staff}
          opened={editingRoles}
          onClose={() => setEditingRoles(false)}
        />
      ) : null}
      {canManage ? (
        <DeactivateStaffModal
          staff={deactivating}
          organisationName={user.current_organisation?.name ?? 'the organisation'}
          onClose={() => setDeactivating(null)}
        />
      ) : null}
    </Stack>
  );
}

export function StaffDetail({ id }: { id: number }) {
  const user = useCurrentUser();
  const staff = useStaffMember(id);
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={route('staff.index')} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          All staff
        </Group>
      </Anchor>
      {staff.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the staff member">
          <Skeleton height={40} width="40%" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : null}
      {staff.isError && isApiError(staff.error) && staff.error.status === 404 ? (
        <Stack gap="xs">
          <Title order={1}>Staff member not found</Title>
          <Text>
            There is no staff member here with this address. They may belong to another organisation.
          </Text>
        </Stack>
      ) : staff.isError ? (
        <Alert color="red" role="alert" title="Could not load this staff member">
          {errorMessage(staff.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void staff.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {staff.data ? (
        <Details
          staff={staff.data}
          canManage={user.is_organisation_admin}
          isSelf={staff.data.id === user.id}
        />
      ) : null}
    </Stack>
  );
}
