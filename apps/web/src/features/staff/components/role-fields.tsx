// The role of a staff member, as the invite and the change-roles dialogs ask it: Admin, Personal
// Trainer, or a role at chosen gyms.
import type { StaffRole } from '@gym/domain';
import { Radio, Stack } from '@mantine/core';
import { errorProps, type FieldErrors } from '@/lib/form';
import { gymsError, ROLE_CHOICES, type RoleChoice } from '../lib/invite-draft';
import { GymRolesEditor } from './gym-roles-editor';

interface RoleFieldsProps {
  role: RoleChoice;
  gymRoles: Record<number, StaffRole | ''>;
  errors: FieldErrors;
  onRole: (role: RoleChoice) => void;
  onGymRoles: (gymRoles: Record<number, StaffRole | ''>) => void;
}

export function RoleFields({ role, gymRoles, errors, onRole, onGymRoles }: RoleFieldsProps) {
  return (
    <>
      <Radio.Group
        label="Role"
        required
        value={role}
        onChange={(value) => onRole(value as RoleChoice)}
        {...errorProps(errors, 'role')}
      >
        <Stack gap="sm" mt="xs">
          {ROLE_CHOICES.map((choice) => (
            <Radio
              key={choice.value}
              value={choice.value}
              label={choice.label}
              description={choice.description}
            />
          ))}
        </Stack>
      </Radio.Group>
      {role === 'per_gym' ? (
        <GymRolesEditor gymRoles={gymRoles} onChange={onGymRoles} error={gymsError(errors)} />
      ) : null}
    </>
  );
}
