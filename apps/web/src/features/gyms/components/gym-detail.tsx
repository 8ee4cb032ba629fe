// /gyms/{id}: a gym's counts, details, destination account, integrations and, last, an area for card
// payments and door access that the route module fills (other features add their parts there).
import { formatDate } from '@gym/domain';
import { Alert, Badge, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { route } from '@/config/paths';
import { useRecordTitle } from '@/lib/document-title';
import type { Gym } from '../api/gym-answers';
import { FactList } from './fact-list';
import { GymHeader } from './gym-header';
import { GymLoader } from './gym-loader';
import { DestinationAccountFacts, IntegrationFacts } from './gym-settings-facts';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card padding="md">
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="1.5rem" fw={650}>
        {value}
      </Text>
    </Card>
  );
}

function GymDetails({ gym }: { gym: Gym }) {
  return (
    <SectionCard title="Details">
      <FactList
        facts={[
          {
            label: 'Price-change reply-to',
            value: gym.price_change_notification_reply_to ?? (
              <Text span c="dimmed" size="sm">
                Not set
              </Text>
            ),
          },
          { label: 'Break fee', value: gym.formatted_break_fee },
          { label: 'Card surcharge', value: gym.formatted_card_surcharge },
          { label: 'Added', value: formatDate(new Date(gym.created_at)) },
        ]}
      />
    </SectionCard>
  );
}

function GymPage({ gym, connections }: { gym: Gym; connections: (gym: Gym) => ReactNode }) {
  useRecordTitle(gym.name);
  return (
    <Stack gap="lg" maw={960}>
      <GymHeader
        gym={gym}
        title={gym.name}
        trail={[{ label: gym.name }]}
        actions={
          gym.can_manage ? (
            <Button
              component={Link}
              to={route('gyms.edit', { id: gym.id })}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Edit gym
            </Button>
          ) : null
        }
      />
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0} aria-label="At a glance">
        <Stat label="Staff" value={gym.staff_count.toLocaleString('en-NZ')} />
        <Stat label="Members" value={gym.members_count.toLocaleString('en-NZ')} />
        <Stat
          label="Visit tracking"
          value={
            <Badge size="lg" variant="light" color={gym.tracks_visits ? 'blue' : 'gray'}>
              {gym.tracks_visits ? 'On' : 'Off'}
            </Badge>
          }
        />
      </SimpleGrid>
      <GymDetails gym={gym} />
      {gym.can_manage ? (
        <>
          <DestinationAccountFacts gym={gym} />
          <IntegrationFacts gym={gym} />
        </>
      ) : (
        <Alert color="blue" title="Payment and integration settings">
          These are shown to the gym's admins only.
        </Alert>
      )}
      {connections(gym)}
    </Stack>
  );
}

export function GymDetail({ connections }: { connections: (gym: Gym) => ReactNode }) {
  return <GymLoader>{(gym) => <GymPage gym={gym} connections={connections} />}</GymLoader>;
}
