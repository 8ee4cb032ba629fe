// The save button at the foot of each form of the edit screen.
import { Button, Group } from '@mantine/core';

export function FormActions({
  label,
  pending,
  disabled,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={pending} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
