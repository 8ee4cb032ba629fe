// One gym in the list: logo, name (the link to its page), the viewer's role there, staff and member
// counts, and whether it takes card payments.
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import type { GymSummary } from '../api/gym-answers';
import { GymLogo } from './gym-logo';
import { PaymentAccountBadge } from './payment-account-badge';

const count = (value: number) => value.toLocaleString('en-NZ');

export function GymCard({ gym }: { gym: GymSummary }) {
  const headingId = `gym-${gym.id}-name`;
  return (
    <Card component="article" aria-labelledby={headingId} h="100%">
      <Stack gap="md" h="100%">
        <Group gap="md" wrap="nowrap" align="center">
          <GymLogo gym={gym} size={56} />
          <Stack gap={2} miw={0}>
            <Title order={2} size="h3" id={headingId}>
              <Anchor component={Link} to={route('gyms.show', { id: gym.id })} underline="hover" inherit>
                {gym.name}
              </Anchor>
            </Title>
            {gym.role ? (
              <Text size="sm" c="dimmed">
                Your role: {gym.role_label}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <SimpleGrid component="dl" cols={2} spacing="sm" m={0}>
          <div>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              Staff
            </Text>
            <Text component="dd" m={0} size="xl" fw={650}>
              {count(gym.staff_count)}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              Members
            </Text>
            <Text component="dd" m={0} size="xl" fw={650}>
              {count(gym.members_count)}
            </Text>
          </div>
        </SimpleGrid>
        <Group gap="xs" mt="auto">
          <PaymentAccountBadge connected={gym.has_payment_account} />
          {gym.tracks_visits ? (
            <Badge color="blue" variant="light">
              Tracks visits
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
