// Filters more than one list screen shares: the gym picker (the gyms this user works at, or all of them)
// and a date range held to a longest span. Each hands back the address's own values ('' for none).
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useGymOptions } from '@/lib/gym-options';

export function GymFilter({
  gymId,
  onChange,
  w = 190,
}: {
  gymId: number | null;
  /** The gym's id as text, or '' for all gyms. */
  onChange(gym: string): void;
  w?: number;
}) {
  const gyms = useGymOptions();
  return (
    <Select
      label="Gym"
      data={[
        { value: '', label: 'All gyms' },
        ...gyms.map((gym) => ({ value: String(gym.id), label: gym.name })),
      ]}
      value={gymId === null ? '' : String(gymId)}
      onChange={(value) => onChange(value ?? '')}
      allowDeselect={false}
      w={w}
    />
  );
}

export interface DayRange {
  from: CalendarDate | null;
  to: CalendarDate | null;
}

/**
 * From and To pickers: the start no later than the end, and at most `maxDays` days from one to the other
 * (counting both). Choosing one day keeps the other.
 */
export function DateRangeFilter({
  range,
  maxDays,
  onChange,
}: {
  range: DayRange;
  maxDays: number;
  onChange(range: { from: string; to: string }): void;
}) {
  const longest = maxDays - 1;
  return (
    <>
      <DatePickerInput
        label="From"
        valueFormat="D MMM YYYY"
        value={range.from}
        onChange={(value) => value && onChange({ from: value, to: range.to ?? '' })}
        maxDate={range.to ?? undefined}
        minDate={range.to ? addDays(range.to, -longest) : undefined}
        w={160}
      />
      <DatePickerInput
        label="To"
        valueFormat="D MMM YYYY"
        value={range.to}
        onChange={(value) => value && onChange({ from: range.from ?? '', to: value })}
        minDate={range.from ?? undefined}
        maxDate={range.from ? addDays(range.from, longest) : undefined}
        w={160}
      />
    </>
  );
}
