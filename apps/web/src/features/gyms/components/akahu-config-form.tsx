// Akahu app credentials for bank payments (PUT /api/gyms/{id}/akahu-config): token and write-only secret.
import { Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { notifySuccess } from '@/lib/notify';
import { serverMessages, useZodForm } from '@/lib/zod-form';
import type { Gym } from '../api/gym-answers';
import { useSetAkahuConfig } from '../api/set-akahu-config';
import { errorClass, useScrollToFirstError } from '../lib/first-error';
import { AKAHU_FIELDS, akahuFormSchema, akahuValuesOf } from '../lib/integration-forms';
import { FormActions } from './form-actions';
import { SecretBadge } from './secret-badge';
import { SecretInput } from './secret-input';
import { SectionCard } from './section-card';

type Field = (typeof AKAHU_FIELDS)[number];

export function AkahuConfigForm({ gym }: { gym: Gym }) {
  const form = useZodForm(akahuFormSchema(gym.akahu_app_secret_set), akahuValuesOf(gym));
  const save = useSetAkahuConfig();
  const ref = useRef<HTMLFormElement>(null);
  const scrollToFirstError = useScrollToFirstError(ref);
  const field = (name: Field) => ({ ...form.field(name), ...errorClass(form.errors[name]) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return scrollToFirstError();
    save.mutate(
      { id: gym.id, input },
      {
        onSuccess: () => {
          form.setValue('akahu_app_secret', '');
          notifySuccess('The Akahu app configuration is saved.', gym.name);
        },
        onError: (error) => {
          form.setErrors(serverMessages(error, AKAHU_FIELDS));
          scrollToFirstError();
        },
      },
    );
  };

  return (
    <SectionCard
      title="Akahu app configuration"
      description="The Akahu app members connect their bank accounts through to pay this gym."
      aside={<SecretBadge label="App secret" isSet={gym.akahu_app_secret_set} />}
    >
      <form ref={ref} onSubmit={submit} noValidate aria-label="Akahu app configuration">
        <Stack gap="md">
          <TextInput label="App token" required autoComplete="off" {...field('akahu_app_token')} />
          <SecretInput label="App secret" isSet={gym.akahu_app_secret_set} {...field('akahu_app_secret')} />
          <FormActions label="Save Akahu configuration" pending={save.isPending} />
        </Stack>
      </form>
    </SectionCard>
  );
}
