// Branch deep-link credentials (PUT /api/gyms/{id}/branch-config): app id, key and write-only secret.
import { Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { notifySuccess } from '@/lib/notify';
import { serverMessages, useZodForm } from '@/lib/zod-form';
import type { Gym } from '../api/gym-answers';
import { useSetBranchConfig } from '../api/set-branch-config';
import { errorClass, useScrollToFirstError } from '../lib/first-error';
import { BRANCH_FIELDS, branchFormSchema, branchValuesOf } from '../lib/integration-forms';
import { FormActions } from './form-actions';
import { SecretBadge } from './secret-badge';
import { SecretInput } from './secret-input';
import { SectionCard } from './section-card';

type Field = (typeof BRANCH_FIELDS)[number];

export function BranchConfigForm({ gym }: { gym: Gym }) {
  const form = useZodForm(branchFormSchema(gym.branch_secret_set), branchValuesOf(gym));
  const save = useSetBranchConfig();
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
          form.setValue('branch_secret', '');
          notifySuccess('The Branch configuration is saved.', gym.name);
        },
        onError: (error) => {
          form.setErrors(serverMessages(error, BRANCH_FIELDS));
          scrollToFirstError();
        },
      },
    );
  };

  return (
    <SectionCard
      title="Branch configuration"
      description="Deep links that open the member app at this gym."
      aside={<SecretBadge label="Secret" isSet={gym.branch_secret_set} />}
    >
      <form ref={ref} onSubmit={submit} noValidate aria-label="Branch configuration">
        <Stack gap="md">
          <TextInput label="Branch app id" required autoComplete="off" {...field('branch_app_id')} />
          <TextInput label="Branch key" required autoComplete="off" {...field('branch_key')} />
          <SecretInput label="Branch secret" isSet={gym.branch_secret_set} {...field('branch_secret')} />
          <FormActions label="Save Branch configuration" pending={save.isPending} />
        </Stack>
      </form>
    </SectionCard>
  );
}
