// /choose-payment-method: bank account (through Akahu, no surcharge) or card (through Stripe, with the
// gym's card surcharge shown before choosing). Saved methods can be picked again, by their names
// ('Visa ending 4242'), except one declined when the member confirmed (the domain's isOfferedAgain).
import { isOfferedAgain, paymentMethodLabel } from '@gym/domain/payment-method';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { route } from '@/config/paths';
import { useCurrentUser } from '@/lib/session/me';
import { useJoinSubscription, useSurchargeTotal, useSwitchPaymentType } from '../api/join-api';
import { GymBanner } from './gym-banner';
import { WRAPPING_LABEL } from './wrapping-label';

export function PaymentChoice() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const bank = useSurchargeTotal('bank_account');
  const card = useSurchargeTotal('stripe_card');
  const subscription = useJoinSubscription();
  const switchTo = useSwitchPaymentType();
  const failed = subscription.data?.last_attempt?.message;
  const saved = user.payment_types.filter(isOfferedAgain);

  return (
    <Stack gap="md">
      {subscription.data ? <GymBanner gym={subscription.data.gym} /> : null}
      {failed ? (
        <Alert color="red" role="alert" title="Your first payment did not go through">
          {failed}
        </Alert>
      ) : null}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text fw={600}>Bank account</Text>
          <Text size="sm">Pay straight from your bank account. No surcharge.</Text>
          {bank.data ? <Text size="sm">First payment: {bank.data.formatted_total}</Text> : null}
          <Button
            size="lg"
            {...WRAPPING_LABEL}
            onClick={() => void navigate(route('register.connect-akahu'))}
          >
            Connect my bank account
          </Button>
        </Stack>
      </Card>
      {subscription.data && !subscription.data.gym.takes_cards ? (
        <Text size="sm" c="dimmed">
          {subscription.data.gym.name} takes bank account payments only.
        </Text>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text fw={600}>Card</Text>
            <Text size="sm">{user.general_card_surcharge_text ?? 'Pay by credit or debit card.'}</Text>
            {card.data ? (
              <Text size="sm">
                First payment: {card.data.formatted_total} (includes {card.data.formatted_surcharge} card
                surcharge)
              </Text>
            ) : null}
            <Button
              size="lg"
              {...WRAPPING_LABEL}
              variant="light"
              onClick={() => void navigate(route('register.card-details'))}
            >
              Pay by card
            </Button>
          </Stack>
        </Card>
      )}
      {saved.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600}>Or use one you added before</Text>
          {saved.map((p) => (
            <Button
              key={p.id}
              variant="default"
              size="md"
              loading={switchTo.isPending && switchTo.variables === p.id}
              onClick={() =>
                switchTo.mutate(p.id, {
                  onSuccess: () => void navigate(route('register.confirm-subscription')),
                })
              }
            >
              {paymentMethodLabel(p.model ?? { kind: p.type })}
            </Button>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
