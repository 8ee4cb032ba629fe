// A gym's card payments: 'Connect Stripe' sends the gym's admin to Stripe's onboarding form; once
// Stripe says the account can take payments it shows as connected. For the gym's admins only.
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBrandStripe, IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/notify';
import { useStripeConnection } from '../api/get-connection';
import { useStartOnboarding } from '../api/start-onboarding';
import type { StripeConnection } from '../api/stripe-answers';

/** The parts of a gym this needs (the gym answer of GET /api/gyms/{id} has them). */
export interface GymForPayments {
  id: number;
  stripe_id: string | null;
  can_manage: boolean;
}

const NOTES: Record<Exclude<StripeConnection['status'], 'connected'>, string> = {
  not_connected: 'No Stripe account yet.',
  incomplete: 'Stripe still needs some details before the gym can take card payments.',
  charges_disabled:
    'Stripe has stopped card payments for this gym until it has what it asks for. Members’ card payments fail meanwhile.',
  account_missing: 'Stripe no longer knows the stored account. Connect Stripe again to make a new one.',
};

function ConnectButton({ gymId, label }: { gymId: number; label: string }) {
  const start = useStartOnboarding();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        leftSection={<IconBrandStripe size={16} aria-hidden />}
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate(gymId)}
      >
        {label}
      </Button>
      {start.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(start.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

export function GymCardPayments({ gym }: { gym: GymForPayments }) {
  const [search] = useSearchParams();
  const connection = useStripeConnection(gym.id, gym.can_manage && gym.stripe_id !== null);
  if (!gym.can_manage) return null;

  const expired =
    search.get('stripe') === 'expired' ? (
      <Alert color="yellow" title="The Stripe link expired">
        Connect Stripe again to carry on where you left off.
      </Alert>
    ) : null;
  if (gym.stripe_id === null) {
    return (
      <Stack gap="xs" align="flex-end">
        {expired}
        <ConnectButton gymId={gym.id} label="Connect Stripe" />
      </Stack>
    );
  }
  if (connection.isPending)
    return <Loader size="sm" role="status" aria-label="Checking the Stripe account" />;
  if (connection.isError) {
    return (
      <Group gap="xs" justify="flex-end">
        <Text size="sm" c="red" role="alert">
          Could not check the Stripe account: {errorMessage(connection.error)}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void connection.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  const { status, stripe_id } = connection.data;
  if (status === 'connected') {
    return (
      <Stack gap={2} align="flex-end">
        <Badge
          color="green"
          variant="light"
          size="lg"
          leftSection={<IconCircleCheck size={14} aria-hidden />}
        >
          Connected
        </Badge>
        <Text size="xs" c="dimmed">
          Stripe account {stripe_id}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" align="flex-end">
      {expired}
      <Text
        size="sm"
        c={status === 'charges_disabled' ? 'red' : 'dimmed'}
        ta="right"
        role={status === 'charges_disabled' ? 'alert' : undefined}
      >
        {NOTES[status]}
      </Text>
      <ConnectButton
        gymId={gym.id}
        label={
          status === 'incomplete'
            ? 'Finish Stripe set-up'
            : status === 'charges_disabled'
              ? 'Give Stripe what it asks for'
              : 'Connect Stripe'
        }
      />
    </Stack>
  );
}
