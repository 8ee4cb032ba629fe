// Opening hours of a Limited Hours offering: one row per day and time span (day 1 = Monday … 7 = Sunday).
import { ActionIcon, Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ERROR_INPUT_CLASS, errorProps, type FieldErrors } from '@/lib/form';
import { DAY_CHOICES } from '../lib/choices';
import { emptyHoursDraft, type HoursDraft } from '../lib/offering-draft';

interface HoursEditorProps {
  hours: HoursDraft[];
  onChange: (hours: HoursDraft[]) => void;
  errors: FieldErrors;
  required: boolean;
}

export function HoursEditor({ hours, onChange, errors, required }: HoursEditorProps) {
  const change = (index: number, patch: Partial<HoursDraft>) =>
    onChange(hours.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const listError = errors.hours;
  return (
    <Fieldset legend={required ? 'Opening hours (required)' : 'Opening hours'}>
      <Stack gap="sm">
        {hours.length === 0 ? (
          <Text c="dimmed" size="sm">
            No opening hours yet. Add a day for each time members may come in.
          </Text>
        ) : null}
        {hours.map((row, index) => {
          const label = `Opening hours ${index + 1}`;
          return (
            <Group key={row.key} align="flex-start" gap="sm" role="group" aria-label={label}>
              <NativeSelect
                label="Day"
                required
                data={[{ value: '', label: 'Choose a day' }, ...DAY_CHOICES]}
                value={row.day}
                onChange={(event) => change(index, { day: event.currentTarget.value })}
                {...errorProps(errors, `hours.${index}.day`)}
              />
              <TimeInput
                label="Opens at"
                required
                value={row.open_at}
                onChange={(event) => change(index, { open_at: event.currentTarget.value })}
                {...errorProps(errors, `hours.${index}.open_at`)}
              />
              <TimeInput
                label="Closes at"
                required
                value={row.close_at}
                onChange={(event) => change(index, { close_at: event.currentTarget.value })}
                {...errorProps(errors, `hours.${index}.close_at`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() => onChange(hours.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {listError ? (
          <Text c="red" size="sm" role="alert" className={ERROR_INPUT_CLASS}>
            {listError}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange([...hours, emptyHoursDraft()])}
          >
            Add a day
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
