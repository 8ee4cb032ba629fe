// The range's totals from the answer's meta: what the rules expect still to charge, what the engine
// charged and collected, and how many rows drift.
import { formatMoney } from '@gym/domain/money';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ExpectedPaymentsAnswer } from '../api/expected-payment-answers';

type Meta = ExpectedPaymentsAnswer['meta'];

const TOTALS: { key: string; label: string; hint: string; value: (meta: Meta) => string }[] = [
  {
    key: 'expected',
    label: 'Expected',
    hint: 'Due by the rules, not charged yet',
    value: (meta) => formatMoney(meta.expected_total),
  },
  {
    key: 'created',
    label: 'Charged',
    hint: 'Charges the billing engine made',
    value: (meta) => formatMoney(meta.created_total),
  },
  {
    key: 'collected',
    label: 'Collected',
    hint: 'Paid into the gyms’ accounts',
    value: (meta) => formatMoney(meta.collected_total),
  },
  { key: 'drift', label: 'Drift', hint: 'Rows that need a look', value: (meta) => String(meta.drift_count) },
];

/** The totals of the whole range (and gym), whatever the payment and drift filters list. */
export function ExpectedPaymentsTotals({ meta, caption }: { meta: Meta | undefined; caption: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Totals">
        {TOTALS.map((total) => (
          <Paper key={total.key} withBorder radius="md" p="sm" role="group" aria-label={total.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {total.label}
            </Text>
            <Text fw={700} size="lg" c={total.key === 'drift' && meta?.drift_count ? 'red' : undefined}>
              {meta ? (
                total.value(meta)
              ) : (
                <Skeleton height={20} width={80} component="span" display="inline-block" />
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {total.hint}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
