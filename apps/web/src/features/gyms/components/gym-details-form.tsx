// The gym's name, the reply-to address of price-change emails, and the break fee (PUT /api/gyms/{id}).
import { Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { errorClass, serverMessages, useScrollToFirstError, useZodForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import type { Gym } from '../api/gym-answers';
import { useUpdateGym } from '../api/update-gym';
import { GYM_DETAILS_FIELDS, gymDetailsFormSchema, gymDetailsValuesOf } from '../lib/gym-details-form';
import { FormActions } from './form-actions';

export function GymDetailsForm({ gym }: { gym: Gym }) {
  const form = useZodForm(gymDetailsFormSchema, gymDetailsValuesOf(gym));
  const save = useUpdateGym();
  const ref = useRef<HTMLFormElement>(null);
  const scrollToFirstError = useScrollToFirstError(ref);
  const field = (name: (typeof GYM_DETAILS_FIELDS)[number]) => ({
    ...form.field(name),
    ...errorClass(form.errors[name]),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return scrollToFirstError();
    save.mutate(
      { id: gym.id, input },
      {
        onSuccess: (saved) => {
          for (const [key, value] of Object.entries(gymDetailsValuesOf(saved))) {
            form.setValue(key as (typeof GYM_DETAILS_FIELDS)[number], value);
          }
          notifySuccess('The gym details are saved.', saved.name);
        },
        onError: (error) => {
          form.setErrors(serverMessages(error, GYM_DETAILS_FIELDS));
          scrollToFirstError();
        },
      },
    );
  };

  return (
    <SectionCard title="Gym details">
      <form ref={ref} onSubmit={submit} noValidate aria-label="Gym details">
        <Stack gap="md">
          <TextInput label="Name" required autoComplete="organization" {...field('name')} />
          <TextInput
            label="Price-change reply-to email"
            description="Replies to price-change emails sent to members go to this address."
            type="email"
            autoComplete="email"
            {...field('price_change_notification_reply_to')}
          />
          <TextInput
            label="Break fee"
            description="Charged as a percentage when a member ends a term membership early."
            inputMode="decimal"
            required
            rightSection="%"
            {...field('break_fee_percentage')}
          />
          <FormActions label="Save details" pending={save.isPending} />
        </Stack>
      </form>
    </SectionCard>
  );
}
