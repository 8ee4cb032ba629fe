// Per-gym roles for an invited person: a role (or none) at each gym of the organisation.
import { roleLabel, STAFF_ROLES, type StaffRole } from '@gym/domain';
import { Alert, Fieldset, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { ERROR_INPUT_CLASS } from '@/lib/form';
import { useGymOptionsQuery } from '@/lib/gym-options';
import { errorMessage } from '@/lib/notify';

interface GymRolesEditorProps {
  gymRoles: Record<number, StaffRole | ''>;
  onChange: (gymRoles: Record<number, StaffRole | ''>) => void;
  error?: string;
}

const CHOICES = [
  { value: '', label: 'No role' },
  ...STAFF_ROLES.map((role) => ({ value: role, label: roleLabel(role) })),
];

export function GymRolesEditor({ gymRoles, onChange, error }: GymRolesEditorProps) {
  const gyms = useGymOptionsQuery();
  return (
    <Fieldset legend="Role at each gym" className={error ? ERROR_INPUT_CLASS : undefined}>
      <Stack gap="xs">
        {gyms.isPending ? <Skeleton height={36} /> : null}
        {gyms.isError ? (
          <Alert color="red" role="alert" title="Could not load the gyms">
            {errorMessage(gyms.error)}
          </Alert>
        ) : null}
        {gyms.data?.map((gym) => (
          <NativeSelect
            key={gym.id}
            label={gym.name}
            data={CHOICES}
            value={gymRoles[gym.id] ?? ''}
            onChange={(event) =>
              onChange({ ...gymRoles, [gym.id]: event.currentTarget.value as StaffRole | '' })
            }
          />
        ))}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error === 'The value is required' ? `${error}: choose a role at one gym at least.` : error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
