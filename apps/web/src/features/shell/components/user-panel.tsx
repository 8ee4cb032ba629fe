import { capitaliseWords } from '@gym/domain/format';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import type { Me } from '@/lib/session/me';
import { LogoutButton } from './logout-button';

/**
 * The bottom of the sidebar: who is signed in (an organisation admin's name opens their own staff page,
 * where their settings are), for which organisation, and the way out.
 */
export function UserPanel({ user }: { user: Me }) {
  const name = capitaliseWords(user.name);
  return (
    <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
      <Stack gap={0} miw={0}>
        {user.is_organisation_admin ? (
          <Anchor
            component={Link}
            to={route('staff.show', { id: user.id })}
            size="sm"
            fw={600}
            truncate
            title="Your settings"
          >
            {name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
        )}
        <Text size="xs" c="dimmed" truncate>
          {user.current_organisation?.name ?? 'No organisation'}
        </Text>
      </Stack>
      <LogoutButton variant="link" />
    </Group>
  );
}
