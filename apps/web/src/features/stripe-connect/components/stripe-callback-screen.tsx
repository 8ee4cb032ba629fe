// /stripe/callback: where Stripe's onboarding form sends the gym's admin back. Hands the address's
// gym_id and state to POST /api/stripe/exchange once, then says how the gym's account stands.
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { errorMessage } from '@/lib/notify';
import { type ExchangeInput, useExchangeStripe } from '../api/exchange';

function inputOf(search: URLSearchParams): ExchangeInput | null {
  const gymId = Number(search.get('gym_id'));
  const state = search.get('state') ?? '';
  return Number.isSafeInteger(gymId) && gymId > 0 && state !== '' ? { gym_id: gymId, state } : null;
}

function BackTo({ gymId }: { gymId: number | null }) {
  return (
    <Button
      component={Link}
      to={gymId === null ? route('gyms.index') : route('gyms.show', { id: gymId })}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {gymId === null ? 'Back to the gyms' : 'Back to the gym'}
    </Button>
  );
}

export function StripeCallbackScreen() {
  const [search] = useSearchParams();
  const input = inputOf(search);
  const exchange = useExchangeStripe();
  const sent = useRef(false);

  useEffect(() => {
    // Once only: the state is checked by the server, and a repeat would only say the same again.
    if (sent.current || input === null) return;
    sent.current = true;
    exchange.mutate(input);
  }, [input, exchange]);

  const gymId = input?.gym_id ?? null;
  let body: ReactNode;
  if (input === null) {
    body = (
      <Alert color="red" role="alert" title="This address is not from Stripe">
        It is missing the details Stripe adds when it sends you back. Start connecting again from the gym.
      </Alert>
    );
  } else if (exchange.isError) {
    body = (
      <Alert color="red" role="alert" title="Stripe could not be connected">
        {errorMessage(exchange.error)}
      </Alert>
    );
  } else if (exchange.isSuccess && exchange.data.status === 'connected') {
    body = (
      <Alert color="green" title="Stripe is connected" icon={<IconCircleCheck aria-hidden />}>
        The gym can take card payments through its Stripe account {exchange.data.stripe_id}.
      </Alert>
    );
  } else if (exchange.isSuccess) {
    body = (
      <Alert color="yellow" title="Stripe set-up is not finished">
        Stripe still needs some details before the gym can take card payments. Finish the set-up from the gym
        when you have them.
      </Alert>
    );
  } else {
    body = (
      <Stack gap="xs" align="flex-start" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Checking the gym’s Stripe account…</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={640} py="md" align="flex-start">
      <Title order={1}>Connecting card payments</Title>
      {body}
      {input === null || exchange.isError || exchange.isSuccess ? <BackTo gymId={gymId} /> : null}
    </Stack>
  );
}
