// The dashboard's greeting: a welcome by first name and the organisation's name.
import { capitaliseWords } from '@gym/domain/format';
import { Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '@/lib/session/me';

function firstName(name: string): string {
  return capitaliseWords(name).split(' ')[0] ?? '';
}

export function DashboardWelcome() {
  const user = useCurrentUser();
  const first = firstName(user.name);
  return (
    <Stack gap="sm" py="md">
      <Title order={1}>{first ? `Kia ora, ${first}` : 'Kia ora'}</Title>
      {user.current_organisation ? <Text c="dimmed">{user.current_organisation.name}</Text> : null}
    </Stack>
  );
}
