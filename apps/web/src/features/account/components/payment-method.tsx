// How the member pays: their saved ways, which one the next charge uses, and adding a bank account
// (Akahu) or a card (Stripe) through the join site's own set-up. What the next payment costs by bank and
// by card is shown before switching, so a card's surcharge is never a surprise.
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/notify';
import { akahuAuthUrl, cardSetupUrl, useMakeDefault, usePaymentMethods } from '../api/account-api';
import { ActionError } from './action-error';

export function PaymentMethod() {
  const methods = usePaymentMethods();
  const makeDefault = useMakeDefault();
  const [going, setGoing] = useState<'bank' | 'card' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (methods.isLoading) return <Loader aria-label="Loading how you pay" />;
  if (!methods.data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(methods.error)}
      </Alert>
    );
  const m = methods.data;
  const go = (kind: 'bank' | 'card') => {
    setGoing(kind);
    setError(null);
    (kind === 'bank' ? akahuAuthUrl() : cardSetupUrl()).then(
      (url) => window.location.assign(url),
      (failure: unknown) => {
        setGoing(null);
        setError(errorMessage(failure));
      },
    );
  };
  const next = m.next_payment_by_type;
  return (
    <Stack gap="md">
      {next ? (
        <Alert color="blue" title="Your next payment">
          By bank account: {next.bank_account.formatted_total}. By card: {next.stripe_card.formatted_total}
          {next.stripe_card.surcharge > 0
            ? ` (including a ${next.stripe_card.formatted_surcharge} card surcharge)`
            : ''}
          .
        </Alert>
      ) : null}
      {m.card_surcharge_text ? <Text size="sm">{m.card_surcharge_text}</Text> : null}
      <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }} aria-label="Ways to pay">
        {m.methods.map((method) => (
          <Card component="li" withBorder key={method.id} padding="md">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Text fw={600}>{method.label}</Text>
                <Text size="sm">{method.type === 'stripe_card' ? 'Card' : 'Bank account'}</Text>
              </Stack>
              {method.is_default ? (
                <Badge size="lg" color="green">
                  Used for payments
                </Badge>
              ) : (
                <Button
                  size="md"
                  variant="light"
                  loading={makeDefault.isPending && makeDefault.variables === method.id}
                  onClick={() => makeDefault.mutate(method.id)}
                  aria-label={`Pay by ${method.label}`}
                >
                  Pay by this
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
      <ActionError mutation={makeDefault} />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button size="lg" variant="light" loading={going === 'bank'} onClick={() => go('bank')}>
        Add a bank account
      </Button>
      {m.takes_cards ? (
        <Button size="lg" variant="light" loading={going === 'card'} onClick={() => go('card')}>
          Add a card
        </Button>
      ) : null}
    </Stack>
  );
}
