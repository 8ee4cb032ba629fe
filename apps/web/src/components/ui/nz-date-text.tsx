// A date typed as text the New Zealand way (21/03/1994), for dates better typed than picked (a birth date)
// and for the join site, whose first screen carries no calendar code. Hands back 'YYYY-MM-DD' once the
// text is a whole date, else the text as typed, so the form's check can say what is wrong with it.
import { parseNzDate } from '@gym/domain/nz-date-entry';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const shown = (value: string) => value.replace(ISO, '$3/$2/$1');

type NzDateTextProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange(value: string): void;
};

export function NzDateText({ value, onChange, description, ...props }: NzDateTextProps) {
  const [text, setText] = useState(() => shown(value));
  // A value set from outside (a reset, a saved record) replaces what is in the box.
  const current = parseNzDate(text) ?? text;
  if (current !== value && !(value === '' && text === '')) setText(shown(value));
  return (
    <TextInput
      {...props}
      type="text"
      autoComplete={props.autoComplete}
      placeholder={props.placeholder ?? 'DD/MM/YYYY'}
      description={description ?? 'Day, month, year: 21/03/1994'}
      value={text}
      onBlur={(event) => {
        // A whole date typed any way (2026-11-14, 14.11.26) reads back the New Zealand way once left.
        const parsed = parseNzDate(text);
        if (parsed) setText(shown(parsed));
        props.onBlur?.(event);
      }}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onChange(parseNzDate(typed) ?? typed);
      }}
    />
  );
}
