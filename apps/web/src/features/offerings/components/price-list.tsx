// The prices a new offering starts with: add and remove, each with its own fields.
import type { BillingFrequency } from '@gym/domain';
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ERROR_INPUT_CLASS, type FieldErrors } from '@/lib/form';
import { emptyPriceDraft, type PriceDraft } from '../lib/price-draft';
import { PriceFields } from './price-fields';

interface PriceListProps {
  prices: PriceDraft[];
  onChange: (prices: PriceDraft[]) => void;
  errors: FieldErrors;
  frequencies: readonly BillingFrequency[];
}

export function PriceList({ prices, onChange, errors, frequencies }: PriceListProps) {
  const change = (index: number, patch: Partial<PriceDraft>) =>
    onChange(prices.map((price, i) => (i === index ? { ...price, ...patch } : price)));
  return (
    <Fieldset legend="Prices">
      <Stack gap="sm">
        {prices.map((price, index) => (
          <Fieldset key={price.key} legend={`Price ${index + 1}`} variant="filled">
            <Stack gap="sm">
              <PriceFields
                draft={price}
                onChange={(patch) => change(index, patch)}
                errors={errors}
                prefix={`prices.${index}.`}
                frequencies={frequencies}
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onChange(prices.filter((_, i) => i !== index))}
                >
                  Remove price {index + 1}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        {prices.length === 0 ? (
          <Text c="dimmed" size="sm">
            No prices yet. You can also add prices later on the offering's page.
          </Text>
        ) : null}
        {errors.prices ? (
          <Text c="red" size="sm" role="alert" className={ERROR_INPUT_CLASS}>
            {errors.prices}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange([...prices, emptyPriceDraft()])}
          >
            Add a price
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
