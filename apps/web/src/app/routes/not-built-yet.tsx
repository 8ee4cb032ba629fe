// The placeholder of every screen whose feature is still to come: its title and a plain statement.
import { Stack, Text, Title } from '@mantine/core';
import { useRouteHandle } from '../route-handle';

export function Component() {
  const handle = useRouteHandle();
  return (
    <Stack gap="sm" py="md">
      <Title order={1}>{handle?.title ?? 'Coming soon'}</Title>
      <Text>This screen is not built yet.</Text>
    </Stack>
  );
}
