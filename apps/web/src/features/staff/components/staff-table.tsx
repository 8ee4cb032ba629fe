// The staff table with its loading, failure and empty states.
import { Anchor, Avatar, EmptyState, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { route } from '@/config/paths';
import type { PageMeta, StaffMember } from '../api/staff-answers';
import { gymsText, staffRoleLabel } from '../lib/staff-display';
import { StaffRowMenu } from './staff-row-actions';
import { StaffStatusBadge } from './staff-status-badge';

interface StaffTableProps {
  query: UseQueryResult<{ data: StaffMember[]; meta: PageMeta }>;
  filtered: boolean;
  /** Organisation admins get each row's actions. */
  canManage: boolean;
  currentUserId: number;
  onDeactivate: (staff: StaffMember) => void;
}

const COLUMNS = ['Name', 'Email', 'Role', 'Gyms'];

function Head({ canManage }: { canManage: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {COLUMNS.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
        {canManage ? (
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );
}

export function StaffTable({ query, filtered, canManage, currentUserId, onDeactivate }: StaffTableProps) {
  if (query.isPending) {
    return (
      <Table aria-label="Staff" aria-busy="true">
        <Head canManage={false} />
        <SkeletonRows columns={COLUMNS.length} />
      </Table>
    );
  }
  if (query.isError) {
    return <LoadErrorAlert what="the staff" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const staff = query.data.data;
  if (staff.length === 0) {
    return (
      <EmptyState
        icon={<IconUsers size={32} aria-hidden />}
        title={filtered ? 'No staff with this status' : 'No staff yet'}
        description={
          filtered ? 'Choose another status to see more people.' : 'Invite your team to get started.'
        }
      />
    );
  }
  return (
    <ListTable label="Staff" minWidth={720}>
      <Table aria-label="Staff" highlightOnHover style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Head canManage={canManage} />
        <Table.Tbody>
          {staff.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td {...cellLabel('Name')}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar size="sm" radius="xl" color="initials" name={person.name} aria-hidden />
                  {/* On a narrow screen the badge goes under the name instead of over the next column. */}
                  <Group gap={6} wrap="wrap">
                    <Anchor component={Link} to={route('staff.show', { id: person.id })} fw={500}>
                      {person.name}
                    </Anchor>
                    <StaffStatusBadge staff={person} />
                  </Group>
                </Group>
              </Table.Td>
              <Table.Td {...cellLabel('Email')}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {person.email}
                </Text>
              </Table.Td>
              <Table.Td {...cellLabel('Role')}>{staffRoleLabel(person)}</Table.Td>
              <Table.Td {...cellLabel('Gyms')}>{gymsText(person)}</Table.Td>
              {canManage ? (
                <Table.Td {...cellLabel('Actions')} ta="right">
                  <StaffRowMenu
                    staff={person}
                    isSelf={person.id === currentUserId}
                    onDeactivate={onDeactivate}
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListTable>
  );
}
