// Which gyms an offering opens: all of them, or a chosen few (spec: gyms required unless all-gyms access).
import { Checkbox, Fieldset, Stack, Switch, Text } from '@mantine/core';
import { ERROR_INPUT_CLASS, type FieldErrors } from '@/lib/form';
import type { GymOption } from '@/lib/gym-options';

interface GymPickerProps {
  allGyms: boolean;
  gymIds: string[];
  gyms: GymOption[];
  onChange: (patch: { all_gyms_access?: boolean; gyms?: string[] }) => void;
  errors: FieldErrors;
  /** Only organisation admins may give access to every gym. */
  mayChooseAll: boolean;
}

export function GymPicker({ allGyms, gymIds, gyms, onChange, errors, mayChooseAll }: GymPickerProps) {
  const error = errors.gyms ?? errors.all_gyms_access;
  return (
    <Fieldset legend="Gyms">
      <Stack gap="sm">
        <Switch
          label="All gyms"
          description={
            mayChooseAll
              ? 'Members can use every gym of the organisation, including gyms added later'
              : 'Only organisation admins can offer access to all gyms'
          }
          checked={allGyms}
          disabled={!mayChooseAll && !allGyms}
          onChange={(event) => onChange({ all_gyms_access: event.currentTarget.checked })}
        />
        {allGyms ? null : (
          <Checkbox.Group
            label="Gyms this offering opens"
            value={gymIds}
            onChange={(value) => onChange({ gyms: value })}
            error={error}
            className={error ? ERROR_INPUT_CLASS : undefined}
            required
          >
            <Stack gap={6} mt={6}>
              {gyms.map((gym) => (
                <Checkbox key={gym.id} value={String(gym.id)} label={gym.name} />
              ))}
              {gyms.length === 0 ? (
                <Text c="dimmed" size="sm">
                  You have no gyms to choose from.
                </Text>
              ) : null}
            </Stack>
          </Checkbox.Group>
        )}
      </Stack>
    </Fieldset>
  );
}
