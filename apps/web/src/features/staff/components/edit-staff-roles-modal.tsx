// Changing a staff member's roles (organisation admins): Admin, Personal Trainer, or a role at chosen
// gyms, starting from the roles they hold. Field messages show at their fields, a refusal (409: your own
// admin role, a deactivated person) in place; door rights at gyms they leave end with the change.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, serverFieldErrors } from '@/lib/form';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useChangeStaffRoles } from '../api/change-staff-roles';
import type { StaffMember } from '../api/staff-answers';
import { checkRoles, rolesDraftOf } from '../lib/invite-draft';
import { RoleFields } from './role-fields';

interface EditStaffRolesModalProps {
  staff: StaffMember;
  opened: boolean;
  onClose: () => void;
}

export function EditStaffRolesModal({ staff, opened, onClose }: EditStaffRolesModalProps) {
  const [draft, setDraft] = useState(() => rolesDraftOf(staff));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeStaffRoles();

  const close = () => {
    if (change.isPending) return;
    setDraft(rolesDraftOf(staff));
    setErrors({});
    setProblem(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const { input, errors: found } = checkRoles(draft.role, draft.gymRoles);
    if (!input) return setErrors(found);
    change.mutate(
      { id: staff.id, roles: input },
      {
        onSuccess: (saved) => {
          notifySuccess(
            `${saved.name}’s roles are saved; they apply from their next click.`,
            'Roles changed',
          );
          setErrors({});
          onClose();
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          if (fields) setErrors(fields);
          else setProblem(errorMessage(failure));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`Change ${staff.name}’s roles`} size="lg">
      <form onSubmit={submit} noValidate aria-label={`Roles of ${staff.name}`}>
        <Stack gap="md">
          <RoleFields
            role={draft.role}
            gymRoles={draft.gymRoles}
            errors={errors}
            onRole={(role) => {
              setDraft((current) => ({ ...current, role }));
              setErrors({});
            }}
            onGymRoles={(gymRoles) => {
              setDraft((current) => ({ ...current, gymRoles }));
              setErrors({});
            }}
          />
          <Text size="sm" c="dimmed">
            Door access they were given at a gym they no longer hold a role at ends with this change.
          </Text>
          {problem ? (
            <Alert color="red" role="alert" title="The roles were not changed">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Save roles
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
