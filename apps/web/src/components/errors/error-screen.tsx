// The friendly face of a fault: what happened in plain words, and a way on.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** After a release, an open page may ask for a screen file that no longer exists. */
function isStaleCodeError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  );
}

interface ErrorScreenProps {
  error?: unknown;
  /** Whether the fault was sent to the error reporter. */
  reported?: boolean;
}

export function ErrorScreen({ error, reported = false }: ErrorScreenProps) {
  const stale = isStaleCodeError(error);
  return (
    <Stack align="flex-start" gap="md" py="xl" maw={560}>
      <IconAlertTriangle size={40} stroke={1.5} color="var(--mantine-color-orange-8)" aria-hidden />
      <Title order={1}>{stale ? 'This page has been updated' : 'Something went wrong'}</Title>
      <Text>
        {stale
          ? 'A newer version of this site is available. Reload the page to carry on.'
          : 'Sorry, this page ran into a problem it could not recover from. Reloading usually fixes it.'}
      </Text>
      {!stale && reported ? <Text c="dimmed">The problem has been reported to our team.</Text> : null}
      <Group>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button variant="default" component="a" href="/">
          Go to the start page
        </Button>
      </Group>
    </Stack>
  );
}
