// The settings a gym's admins see on its page: where its money goes and its app integrations.
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { route } from '@/config/paths';
import type { Gym } from '../api/gym-answers';
import { formatAccountNumber } from '../lib/destination-account-form';
import { FactList } from './fact-list';
import { SecretBadge } from './secret-badge';

const orNotSet = (value: string | null) =>
  value ? (
    <Text span ff="monospace" size="sm">
      {value}
    </Text>
  ) : (
    <Text span c="dimmed" size="sm">
      Not set
    </Text>
  );

export function DestinationAccountFacts({ gym }: { gym: Gym }) {
  const account = gym.destination_account;
  return (
    <SectionCard title="Destination bank account" description="The account members' payments are paid into.">
      {account ? (
        <FactList
          facts={[
            { label: 'Account name', value: account.name },
            {
              label: 'Account number',
              value: (
                <Text span ff="monospace" data-testid="destination-account-number">
                  {formatAccountNumber(account.bank_account_number)}
                </Text>
              ),
            },
          ]}
        />
      ) : (
        <Text size="sm">
          No destination account yet.{' '}
          <Anchor component={Link} to={route('gyms.edit', { id: gym.id })}>
            Add one
          </Anchor>{' '}
          before this gym takes payments.
        </Text>
      )}
    </SectionCard>
  );
}

export function IntegrationFacts({ gym }: { gym: Gym }) {
  return (
    <SectionCard
      title="App integrations"
      description="Credentials for Branch deep links and Akahu bank payments."
    >
      <Stack gap="lg">
        <Stack gap="xs" component="section" aria-label="Branch configuration">
          <Title order={3}>Branch</Title>
          <FactList
            facts={[
              { label: 'App id', value: orNotSet(gym.branch_app_id) },
              { label: 'Key', value: orNotSet(gym.branch_key) },
              { label: 'Secret', value: <SecretBadge isSet={gym.branch_secret_set} /> },
            ]}
          />
        </Stack>
        <Stack gap="xs" component="section" aria-label="Akahu configuration">
          <Group gap="xs">
            <Title order={3}>Akahu</Title>
          </Group>
          <FactList
            facts={[
              { label: 'App token', value: orNotSet(gym.akahu_app_token) },
              { label: 'App secret', value: <SecretBadge isSet={gym.akahu_app_secret_set} /> },
            ]}
          />
        </Stack>
      </Stack>
    </SectionCard>
  );
}
