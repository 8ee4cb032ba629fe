// The gym a person joins, at the top of the join site's screens: its logo (when it has one) and name, so
// a member on their phone at the front desk sees they are joining the right gym.
import { Group, Text } from '@mantine/core';

export function GymBanner({ gym }: { gym: { name: string; logo_url: string | null } }) {
  return (
    <Group gap="sm" wrap="nowrap" aria-label="Your gym" role="group">
      {gym.logo_url ? (
        <img
          src={gym.logo_url}
          alt={`${gym.name} logo`}
          width={56}
          height={56}
          style={{ objectFit: 'contain', borderRadius: 8, flex: 'none' }}
        />
      ) : null}
      <Text fw={700} size="lg">
        {gym.name}
      </Text>
    </Group>
  );
}
