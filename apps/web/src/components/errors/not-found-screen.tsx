import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <Stack align="flex-start" gap="md" py="xl" maw={560}>
      <Text c="dimmed" fw={600}>
        Error 404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text>
        There is no page at{' '}
        <Text span ff="monospace">
          {pathname}
        </Text>
        . The link may be out of date, or the address may have a typo.
      </Text>
      <Button component={Link} to="/">
        Go to the start page
      </Button>
    </Stack>
  );
}
