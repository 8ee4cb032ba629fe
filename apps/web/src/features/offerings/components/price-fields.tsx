// The inputs of one price (spec section 3, Price): amount and joining fee in dollars, billing frequency,
// private, and an optional term. Used in the new-offering form and in the add/edit price modal.
import type { BillingFrequency, TermUnit } from '@gym/domain';
import { Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { errorProps, type FieldErrors } from '@/lib/form';
import { frequencyChoices, TERM_UNIT_CHOICES } from '../lib/choices';
import type { PriceDraft } from '../lib/price-draft';

interface PriceFieldsProps {
  draft: PriceDraft;
  onChange: (patch: Partial<PriceDraft>) => void;
  errors: FieldErrors;
  /** Where this price's messages sit among `errors`: 'prices.0.' in the offering form, '' alone. */
  prefix?: string;
  frequencies: readonly BillingFrequency[];
  /** Frequency, amount and term are fixed while members are subscribed (the server says so). */
  termsLocked?: boolean;
}

export function PriceFields({
  draft,
  onChange,
  errors,
  prefix = '',
  frequencies,
  termsLocked,
}: PriceFieldsProps) {
  const field = (name: keyof PriceDraft) => errorProps(errors, prefix + name);
  const text = (name: 'amount' | 'joining_fee' | 'term_amount') => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ [name]: event.currentTarget.value }),
    ...field(name),
  });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Amount"
          description="In dollars, GST inclusive"
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          required
          disabled={termsLocked}
          {...text('amount')}
        />
        <NativeSelect
          label="Billing frequency"
          required
          disabled={termsLocked}
          data={[
            { value: '', label: 'Choose a frequency' },
            ...frequencyChoices(frequencies, draft.billing_frequency),
          ]}
          value={draft.billing_frequency}
          onChange={(event) =>
            onChange({ billing_frequency: event.currentTarget.value as BillingFrequency | '' })
          }
          {...field('billing_frequency')}
        />
        <TextInput
          label="Joining fee"
          description="In dollars; leave empty for none"
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          {...text('joining_fee')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Term amount"
          description="Minimum commitment; empty for none"
          inputMode="numeric"
          autoComplete="off"
          disabled={termsLocked}
          {...text('term_amount')}
        />
        <NativeSelect
          label="Term unit"
          description="Days, weeks, months or years"
          disabled={termsLocked}
          data={[{ value: '', label: 'No term' }, ...TERM_UNIT_CHOICES]}
          value={draft.term_unit}
          onChange={(event) => onChange({ term_unit: event.currentTarget.value as TermUnit | '' })}
          {...field('term_unit')}
        />
        <Group align="flex-end" pb={6}>
          <Checkbox
            label="Private (only through a private link)"
            checked={draft.private}
            onChange={(event) => onChange({ private: event.currentTarget.checked })}
            {...field('private')}
          />
        </Group>
      </SimpleGrid>
    </Stack>
  );
}
