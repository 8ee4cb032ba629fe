// The server's words when an account action is refused (a field message first, else the message).
import { Alert } from '@mantine/core';
import { serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';

function problemOf(error: unknown): string {
  const fields = serverFieldErrors(error);
  return fields ? Object.values(fields).map(String).join(' ') : errorMessage(error);
}

export function ActionError({ mutation }: { mutation: { error: unknown; isError: boolean } }) {
  if (!mutation.isError) return null;
  return (
    <Alert color="red" role="alert" title="That did not work">
      {problemOf(mutation.error)}
    </Alert>
  );
}
