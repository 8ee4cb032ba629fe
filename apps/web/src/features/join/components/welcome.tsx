// /welcome-to-gym: the member is in. What happens next, door access, and the gym's app when the gym has
// its Branch deep link set up.
import { Alert, Button, List, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/lib/notify';
import { useJoinSubscription } from '../api/join-api';

export function WelcomeToGym() {
  const subscription = useJoinSubscription();
  if (subscription.isLoading) return <Loader role="status" aria-label="Loading your membership" />;
  if (!subscription.data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(subscription.error)}
      </Alert>
    );
  const s = subscription.data;
  return (
    <Stack gap="md">
      <Text size="lg">
        You are now a member of {s.gym.name} on {s.offering.name}.
      </Text>
      {/* One thing said about the first payment: paid (receipt sent) or on its way (receipt to come). */}
      {s.status === 'payment_pending' ? (
        <Alert color="blue">
          Your first payment of {s.first_payment.formatted_total} is on its way from your bank. We will email
          your receipt once it has gone through.
        </Alert>
      ) : (
        <Alert color="green">
          Your first payment of {s.first_payment.formatted_total} has been paid. Your receipt is on its way by
          email.
        </Alert>
      )}
      <List spacing="xs">
        <List.Item>{s.door_access_text}</List.Item>
        <List.Item>Your next payment is taken automatically; you do not need to do anything.</List.Item>
      </List>
      {s.app_link ? (
        <Button component="a" href={s.app_link} size="lg">
          Get the {s.gym.name} app
        </Button>
      ) : null}
    </Stack>
  );
}
