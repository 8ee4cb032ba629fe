// On a staff member's screen: give them door access at the current gym's Kisi place, or say they have it
// (never both). Shows nothing
// when the person cannot be read (the screen says why), is deactivated, or the viewer is not an admin
// of the current gym.
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { useStaffDoorAccess } from '../api/get-staff-door-access';
import { useGrantStaffAccess } from '../api/grant-staff-access';

export function StaffDoorAccessButton({ staffId }: { staffId: number }) {
  const user = useCurrentUser();
  const staff = useStaffDoorAccess(staffId);
  const grant = useGrantStaffAccess();
  const gym = user.current_gym;
  const isAdminHere = user.is_organisation_admin || gym?.role === 'admin';
  if (!staff.data || staff.data.deleted_at !== null || !gym || !isAdminHere) return null;
  const { name, access_enabled } = staff.data;

  const give = () =>
    grant.mutate(staffId, {
      onSuccess: ({ place }) => notifySuccess(`${name} can open the doors of ${place.name}.`, 'Door access'),
    });
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-label="Door access" maw={960}>
      <Stack gap="xs" align="flex-start">
        <Group gap="sm">
          {access_enabled || grant.isSuccess ? (
            <Badge color="green" variant="light">
              Has door access
            </Badge>
          ) : (
            <Button
              variant="default"
              leftSection={<IconDoorEnter size={16} aria-hidden />}
              loading={grant.isPending}
              onClick={give}
            >
              Give door access at {gym.name}
            </Button>
          )}
        </Group>
        {grant.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(grant.error)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
