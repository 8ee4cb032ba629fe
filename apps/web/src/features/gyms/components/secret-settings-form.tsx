// The Branch and Akahu settings of a gym: plain fields and one write-only secret (PUT
// /api/gyms/{id}/branch-config or /akahu-config). Which integration is a description in
// lib/integration-forms; the form is the same.
import { Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { serverMessages, useScrollToFirstError, useZodForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import type { Gym } from '../api/gym-answers';
import { useSetSecretSettings } from '../api/set-secret-settings';
import type { SecretSettings } from '../lib/integration-forms';
import { FormActions } from './form-actions';
import { SecretBadge } from './secret-badge';
import { SecretInput } from './secret-input';

export function SecretSettingsForm({ gym, settings }: { gym: Gym; settings: SecretSettings }) {
  const isSet = settings.isSet(gym);
  const form = useZodForm(settings.schema(isSet), settings.valuesOf(gym));
  const save = useSetSecretSettings(settings);
  const ref = useRef<HTMLFormElement>(null);
  const scrollToFirstError = useScrollToFirstError(ref);
  const names = [...settings.fields.map((field) => field.name), settings.secret.name];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return scrollToFirstError();
    save.mutate(
      { id: gym.id, input },
      {
        onSuccess: () => {
          form.setValue(settings.secret.name, '');
          notifySuccess(settings.saved, gym.name);
        },
        onError: (error) => {
          form.setErrors(serverMessages(error, names));
          scrollToFirstError();
        },
      },
    );
  };

  return (
    <SectionCard
      title={settings.title}
      description={settings.description}
      aside={<SecretBadge label={settings.secret.badge} isSet={isSet} />}
    >
      <form ref={ref} onSubmit={submit} noValidate aria-label={settings.title}>
        <Stack gap="md">
          {settings.fields.map(({ name, label }) => (
            <TextInput key={name} label={label} required autoComplete="off" {...form.field(name)} />
          ))}
          <SecretInput label={settings.secret.label} isSet={isSet} {...form.field(settings.secret.name)} />
          <FormActions label={settings.saveLabel} pending={save.isPending} />
        </Stack>
      </form>
    </SectionCard>
  );
}
