// A write-only secret: never filled in from the server; says whether one is stored and that leaving it
// blank keeps it.
import { PasswordInput } from '@mantine/core';
import { secretState } from '../lib/integration-forms';

interface SecretInputProps {
  label: string;
  isSet: boolean;
  name: string;
  value: string;
  error: string | undefined;
  className: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
}

export function SecretInput({ label, isSet, ...input }: SecretInputProps) {
  return (
    <PasswordInput
      label={label}
      description={
        isSet
          ? `${secretState(true)}. Leave blank to keep the stored secret; type a new one to replace it.`
          : `${secretState(false)}. Required.`
      }
      required={!isSet}
      autoComplete="new-password"
      spellCheck={false}
      {...input}
    />
  );
}
