// The server's answer to a pro-rata question: the first payment, its parts, and the working.
import { type CalendarDate, formatDate, isCalendarDate } from '@gym/domain';
import { Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProRata } from '../api/calculate-pro-rata';

/** A server date as '5 Mar 2025' (its text as is if it is no date). */
const dateText = (text: string, style: 'medium' | 'long' = 'medium') =>
  isCalendarDate(text) ? formatDate(text as CalendarDate, style) : text;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {value}
      </Text>
    </div>
  );
}

export function ProRataResult({ result, priceLabel }: { result: ProRata; priceLabel: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="pro-rata-result-heading"
      aria-live="polite"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {priceLabel}, starting {dateText(result.start_date, 'long')}
          </Text>
          <Title order={2} size="h3" id="pro-rata-result-heading">
            Pro-rata amount: {result.formatted_amount}
          </Title>
        </Stack>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0}>
          <Fact label="First payment (with joining fee)" value={result.formatted_first_payment} />
          <Fact label="Joining fee" value={result.formatted_joining_fee} />
          <Fact label="Full period amount" value={result.formatted_full_amount} />
          <Fact label="Period" value={`${dateText(result.period_start)} to ${dateText(result.period_end)}`} />
          <Fact label="Days charged" value={`${result.remaining_days} of ${result.period_days}`} />
          <Fact label="Billing date (first full charge)" value={dateText(result.billing_date)} />
        </SimpleGrid>
        <Stack gap={4}>
          <Title order={3} size="h5">
            How it was worked out
          </Title>
          <Code block>{result.explanation}</Code>
        </Stack>
      </Stack>
    </Paper>
  );
}
