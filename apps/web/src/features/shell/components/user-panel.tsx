import { capitaliseWords } from '@gym/domain/format';
import { Group, Stack, Text } from '@mantine/core';
import type { Me } from '@/lib/session/me';
import { LogoutButton } from './logout-button';

/** The bottom of the sidebar: who is signed in, for which organisation, and the way out. */
export function UserPanel({ user }: { user: Me }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {capitaliseWords(user.name)}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {user.current_organisation?.name ?? 'No organisation'}
        </Text>
      </Stack>
      <LogoutButton variant="link" />
    </Group>
  );
}
