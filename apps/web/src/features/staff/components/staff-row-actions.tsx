// The actions on a staff member (organisation admins): send the invitation again while they have not
// set a password, and deactivate. Shown in the list's menu and on the detail page.
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots, IconMailForward, IconUserOff } from '@tabler/icons-react';
import { notifySuccess } from '@/lib/notify';
import { useResendInvitation } from '../api/resend-invitation';
import type { StaffMember } from '../api/staff-answers';
import { canResendInvitation } from '../lib/staff-display';

interface StaffActionsProps {
  staff: StaffMember;
  /** The signed-in person cannot deactivate themselves. */
  isSelf: boolean;
  onDeactivate: (staff: StaffMember) => void;
}

function useResend(staff: StaffMember) {
  const resend = useResendInvitation();
  const send = () =>
    resend.mutate(staff.id, {
      onSuccess: () =>
        notifySuccess(`A new link to set a password is on its way to ${staff.email}.`, 'Invitation sent'),
    });
  return { send, pending: resend.isPending };
}

/** A compact menu for a table row. */
export function StaffRowMenu({ staff, isSelf, onDeactivate }: StaffActionsProps) {
  const resend = useResend(staff);
  const mayResend = canResendInvitation(staff);
  const mayDeactivate = staff.status !== 'deactivated' && !isSelf;
  if (!mayResend && !mayDeactivate) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${staff.name}`}
          loading={resend.pending}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {mayResend ? (
          <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={resend.send}>
            Resend invitation
          </Menu.Item>
        ) : null}
        {mayDeactivate ? (
          <Menu.Item
            color="red"
            leftSection={<IconUserOff size={16} aria-hidden />}
            onClick={() => onDeactivate(staff)}
          >
            Deactivate
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Full buttons for the detail page. */
export function StaffActionButtons({ staff, isSelf, onDeactivate }: StaffActionsProps) {
  const resend = useResend(staff);
  return (
    <Group gap="sm">
      {canResendInvitation(staff) ? (
        <Button
          variant="default"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={resend.pending}
          onClick={resend.send}
        >
          Resend invitation
        </Button>
      ) : null}
      {staff.status !== 'deactivated' && !isSelf ? (
        <Button
          color="red"
          variant="light"
          leftSection={<IconUserOff size={16} aria-hidden />}
          onClick={() => onDeactivate(staff)}
        >
          Deactivate
        </Button>
      ) : null}
    </Group>
  );
}
