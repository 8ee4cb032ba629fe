// One settings section: the page's section card holding its own form and Save button.
import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode, Ref } from 'react';
import { SectionCard } from '@/components/ui/section-card';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <SectionCard title={title} description={description} fill>
      {(headingId) => (
        <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId} style={{ flex: 1 }}>
          <Stack gap="md" h="100%">
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
      )}
    </SectionCard>
  );
}
