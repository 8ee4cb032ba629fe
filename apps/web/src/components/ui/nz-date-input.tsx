// A date field typed and shown the New Zealand way (14/11/2026), with a calendar to pick from: browsers'
// own date inputs follow the device's region and showed mm/dd/yyyy on phones set to US English. Values go
// in and out as 'YYYY-MM-DD' ('' for none), like the native input this replaces.
import { parseNzDate } from '@gym/domain/nz-date-entry';
import { DateInput, type DateInputProps } from '@mantine/dates';

const NZ_DATE_FORMAT = 'DD/MM/YYYY';

type NzDateInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  value: string;
  onChange(value: string): void;
};

export function NzDateInput({ value, onChange, placeholder, ...props }: NzDateInputProps) {
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={NZ_DATE_FORMAT}
      dateParser={(text) => parseNzDate(text)}
      placeholder={placeholder ?? 'DD/MM/YYYY'}
      clearable={props.clearable ?? !props.required}
    />
  );
}
