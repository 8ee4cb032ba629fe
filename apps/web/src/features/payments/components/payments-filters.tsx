// The payments filters: status (as the specification groups it), dates, gym, payment type, retry and pro-rata.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useGymOptions } from '@/lib/gym-options';
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
  onChange,
}: {
  filters: PaymentFilterState;
  onChange(changes: Partial<Record<FilterKey, string>>): void;
}) {
  const gyms = useGymOptions();
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
      <DatePickerInput
        label="From"
        valueFormat="D MMM YYYY"
        value={filters.from}
        onChange={(value) => onChange({ from: (value as CalendarDate | null) ?? '' })}
        clearable
        w={160}
      />
      <DatePickerInput
        label="To"
        valueFormat="D MMM YYYY"
        value={filters.to}
        onChange={(value) => onChange({ to: (value as CalendarDate | null) ?? '' })}
        clearable
        w={160}
      />
      <Select
        label="Gym"
        data={[
          { value: '', label: 'All gyms' },
          ...gyms.map((gym) => ({ value: String(gym.id), label: gym.name })),
        ]}
        value={filters.gymId === null ? '' : String(filters.gymId)}
        onChange={(value) => onChange({ gym: value ?? '' })}
        allowDeselect={false}
        w={190}
      />
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
