// The screen's filters: the date range (at most EXPECTED_PAYMENTS_MAX_DAYS days), the gym, and drift only.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { GymFilter } from '@/components/ui/list-filters';
import type { ExpectedPaymentStatus } from '../api/expected-payment-answers';
import { fitRange } from '../lib/expected-payment-filters';

const STATUS_CHOICES: { value: ExpectedPaymentStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'not_charged', label: 'Not charged yet' },
];

const DATE_FORMAT = 'D MMM YYYY';

interface ExpectedPaymentsFiltersProps {
  range: { from: CalendarDate; to: CalendarDate } | null;
  gymId: number | null;
  driftOnly: boolean;
  status: ExpectedPaymentStatus | null;
  onRange(range: { from: CalendarDate; to: CalendarDate }): void;
  onGym(gymId: number | null): void;
  onDriftOnly(driftOnly: boolean): void;
  onStatus(status: ExpectedPaymentStatus | null): void;
}

export function ExpectedPaymentsFilters({
  range,
  gymId,
  driftOnly,
  status,
  onRange,
  onGym,
  onDriftOnly,
  onStatus,
}: ExpectedPaymentsFiltersProps) {
  const pick = (kept: 'from' | 'to') => (value: string | null) => {
    if (!value || !range) return;
    const day = value as CalendarDate;
    onRange(kept === 'from' ? fitRange(day, range.to, 'from') : fitRange(range.from, day, 'to'));
  };
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <DatePickerInput
        label="From"
        valueFormat={DATE_FORMAT}
        value={range?.from ?? null}
        onChange={pick('from')}
        disabled={!range}
        w={160}
      />
      <DatePickerInput
        label="To"
        valueFormat={DATE_FORMAT}
        value={range?.to ?? null}
        onChange={pick('to')}
        disabled={!range}
        w={160}
      />
      <GymFilter gymId={gymId} onChange={(gym) => onGym(gym ? Number(gym) : null)} w={200} />
      <Stack gap={4} maw="100%">
        <Text size="sm" fw={500} id="expected-payments-status">
          Payment
        </Text>
        <SegmentedControl
          maw="100%"
          style={{ overflowX: 'auto' }}
          aria-labelledby="expected-payments-status"
          data={STATUS_CHOICES}
          value={status ?? ''}
          onChange={(value) => onStatus(value ? (value as ExpectedPaymentStatus) : null)}
        />
      </Stack>
      <Switch
        label="Drift only"
        checked={driftOnly}
        onChange={(event) => onDriftOnly(event.currentTarget.checked)}
        mb={8}
      />
    </Group>
  );
}
