// The payments filters: status (as the specification groups it), dates, gym, payment type, retry and pro-rata.
// The dates always name a range (the server's default, the last 30 days, until another is chosen), the
// start no later than the end and at most PAYMENTS_MAX_DAYS days in all.
import { PAYMENTS_MAX_DAYS } from '@gym/domain/api/payments';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { Group, Select } from '@mantine/core';
import { DateRangeFilter, GymFilter } from '@/components/ui/list-filters';
import {
  PAYMENT_STATUS_GROUP_LABELS,
  PAYMENT_STATUS_GROUPS,
  PAYMENT_TYPES,
  paymentTypeLabel,
} from '../api/payment-answers';
import type { FilterKey, PaymentFilterState } from '../lib/payment-filters';

const YES_NO = [
  { value: '', label: 'Either' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const yesNo = (value: boolean | null) => (value === null ? '' : String(value));

export function PaymentsFilters({
  filters,
  range,
  onChange,
}: {
  filters: PaymentFilterState;
  /** The days the list covers: the address's, or the server's default until the address has them. */
  range: { from: CalendarDate | null; to: CalendarDate | null };
  onChange(changes: Partial<Record<FilterKey, string>>): void;
}) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label="Status"
        data={[
          { value: '', label: 'All' },
          ...PAYMENT_STATUS_GROUPS.map((g) => ({ value: g, label: PAYMENT_STATUS_GROUP_LABELS[g] })),
        ]}
        value={filters.status ?? ''}
        onChange={(value) => onChange({ status: value ?? '' })}
        allowDeselect={false}
        w={150}
      />
      <DateRangeFilter range={range} maxDays={PAYMENTS_MAX_DAYS} onChange={onChange} />
      <GymFilter gymId={filters.gymId} onChange={(gym) => onChange({ gym })} />
      <Select
        label="Payment type"
        data={[
          { value: '', label: 'All types' },
          ...PAYMENT_TYPES.map((t) => ({ value: t, label: paymentTypeLabel(t) })),
        ]}
        value={filters.type ?? ''}
        onChange={(value) => onChange({ type: value ?? '' })}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Retry"
        data={YES_NO}
        value={yesNo(filters.retry)}
        onChange={(value) => onChange({ retry: value ?? '' })}
        allowDeselect={false}
        w={110}
      />
      <Select
        label="Pro rata"
        data={YES_NO}
        value={yesNo(filters.proRata)}
        onChange={(value) => onChange({ pro_rata: value ?? '' })}
        allowDeselect={false}
        w={110}
      />
    </Group>
  );
}
