// The bank account the gym is paid into. Its name is always editable; the number only after 'Change
// account number' (spec sections 4 and 5), then typed twice. A gym without an account adds one here.
import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { errorClass, serverMessages, useScrollToFirstError, useZodForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import type { Gym } from '../api/gym-answers';
import { useSaveDestinationAccount } from '../api/save-destination-account';
import {
  DESTINATION_ACCOUNT_FIELDS,
  destinationAccountFormSchema,
  emptyAccountValues,
  formatAccountNumber,
} from '../lib/destination-account-form';
import { FormActions } from './form-actions';

type Field = (typeof DESTINATION_ACCOUNT_FIELDS)[number];

export function DestinationAccountForm({ gym }: { gym: Gym }) {
  const account = gym.destination_account;
  const isNew = account === null;
  const [changingNumber, setChangingNumber] = useState(false);
  const form = useZodForm(
    destinationAccountFormSchema({ isNew, changingNumber }),
    emptyAccountValues(account?.name ?? ''),
  );
  const save = useSaveDestinationAccount();
  const ref = useRef<HTMLFormElement>(null);
  const scrollToFirstError = useScrollToFirstError(ref);
  const editingNumber = isNew || changingNumber;
  const field = (name: Field) => ({ ...form.field(name), ...errorClass(form.errors[name]) });

  const toggleNumber = (on: boolean) => {
    setChangingNumber(on);
    // Closed number fields are neither sent nor checked, so they keep no old text or message.
    form.setValue('bank_account_number', '');
    form.setValue('bank_account_number_confirmation', '');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return scrollToFirstError();
    save.mutate(
      { gymId: gym.id, accountId: account?.id ?? null, input },
      {
        onSuccess: (saved) => {
          toggleNumber(false);
          form.setValue('name', saved.name);
          notifySuccess(
            `Payments go to ${saved.name}, ${formatAccountNumber(saved.bank_account_number)}.`,
            'Destination account saved',
          );
        },
        onError: (error) => {
          form.setErrors(serverMessages(error, DESTINATION_ACCOUNT_FIELDS));
          scrollToFirstError();
        },
      },
    );
  };

  return (
    <SectionCard
      title="Destination bank account"
      description="Members' payments to this gym are paid into this New Zealand bank account."
    >
      <form ref={ref} onSubmit={submit} noValidate aria-label="Destination bank account">
        <Stack gap="md">
          <TextInput label="Account name" required {...field('name')} />
          {account ? (
            <Stack gap={6}>
              <Text size="sm">
                Current account number:{' '}
                <Text span ff="monospace" fw={500}>
                  {formatAccountNumber(account.bank_account_number)}
                </Text>
              </Text>
              <Switch
                label="Change account number"
                checked={changingNumber}
                onChange={(event) => toggleNumber(event.currentTarget.checked)}
              />
            </Stack>
          ) : null}
          {editingNumber ? (
            <>
              <TextInput
                label={isNew ? 'Bank account number' : 'New bank account number'}
                description="Bank, branch, account and suffix, e.g. 12-3140-0171323-50"
                required
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                {...field('bank_account_number')}
              />
              <TextInput
                label="Repeat bank account number"
                description="Type the number again to make sure it is right."
                required
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                {...field('bank_account_number_confirmation')}
              />
            </>
          ) : null}
          <FormActions label={isNew ? 'Add account' : 'Save account'} pending={save.isPending} />
        </Stack>
      </form>
    </SectionCard>
  );
}
