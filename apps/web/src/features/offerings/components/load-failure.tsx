// What an offering screen shows when its data did not come: not found (404, or no id in the address),
// or the server's message with a way to try again.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/notify';

interface LoadFailureProps {
  /** null: the address holds no offering id. */
  error: unknown;
  what: string;
  onRetry?: () => void;
}

export function LoadFailure({ error, what, onRetry }: LoadFailureProps) {
  if (error === null || (isApiError(error) && error.status === 404)) {
    return (
      <Stack gap="md" py="md" align="flex-start">
        <Title order={1}>Offering not found</Title>
        <Text>This offering does not exist, or it belongs to another organisation.</Text>
        <Button
          component={Link}
          to={route('offerings.index')}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to offerings
        </Button>
      </Stack>
    );
  }
  return (
    <Alert color="red" role="alert" title={`Could not load ${what}`} maw={720}>
      <Text size="sm">{errorMessage(error)}</Text>
      {onRetry ? (
        <Group mt="sm">
          <Button variant="white" color="red" size="compact-sm" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
