// The frame of one settings section: a titled card holding its own form and Save button.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, type Ref, useId } from 'react';

interface SettingsSectionProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  pending: boolean;
  onSave: () => void;
  formRef?: Ref<HTMLFormElement>;
  saveLabel?: string;
}

export function SettingsSection({
  title,
  description,
  children,
  pending,
  onSave,
  formRef,
  saveLabel = 'Save',
}: SettingsSectionProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={titleId} style={{ height: '100%' }}>
        <Stack gap="md" h="100%">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          </div>
          <Stack gap="sm" flex={1}>
            {children}
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A section without a form (links, lists): the same card. */
export function InfoSection({
  title,
  description,
  children,
}: Pick<SettingsSectionProps, 'title' | 'description' | 'children'>) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
