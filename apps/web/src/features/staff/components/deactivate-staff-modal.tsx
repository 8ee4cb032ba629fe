// The confirmation before deactivating someone. It waits for the server and shows its refusal (e.g. 409:
// you cannot deactivate yourself) in place, staying open so the person can read it.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useDeactivateStaff } from '../api/deactivate-staff';
import type { StaffMember } from '../api/staff-answers';

interface DeactivateStaffModalProps {
  staff: Pick<StaffMember, 'id' | 'name'> | null;
  organisationName: string;
  onClose: () => void;
}

export function DeactivateStaffModal({ staff, organisationName, onClose }: DeactivateStaffModalProps) {
  const deactivate = useDeactivateStaff();
  const [problem, setProblem] = useState<string | null>(null);
  // The last person asked about stays named while the dialog fades out.
  const [shown, setShown] = useState(staff);
  if (staff && staff !== shown) setShown(staff);

  const close = () => {
    if (deactivate.isPending) return;
    setProblem(null);
    onClose();
  };

  const confirm = () => {
    if (!staff) return;
    setProblem(null);
    deactivate.mutate(staff.id, {
      onSuccess: (done) => {
        notifySuccess(`${done.name} has lost access here and been signed out.`, 'Staff member deactivated');
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Modal opened={staff !== null} onClose={close} title={`Deactivate ${shown?.name ?? ''}?`}>
      <Stack gap="md">
        <Text>
          They lose their roles at every gym of {organisationName} and are signed out at once. Their visits
          and history stay. You can add them again later.
        </Text>
        {problem ? (
          <Alert color="red" role="alert" title="That did not work">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={deactivate.isPending}>
            {problem ? 'Close' : 'Cancel'}
          </Button>
          <Button color="red" loading={deactivate.isPending} onClick={confirm} data-autofocus>
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
