// Pay what is owed now (the failed-payment email's link lands here): the owed charges are tried again
// with the current way to pay; when they settle, grace clears and the doors open again.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { errorMessage } from '@/lib/notify';
import { useAccount, usePayNow } from '../api/account-api';
import { ActionError } from './action-error';

export function PayNow() {
  const account = useAccount();
  const pay = usePayNow();
  if (account.isLoading) return <Loader aria-label="Loading what you owe" />;
  const m = account.data?.membership;
  if (!m)
    return (
      <Alert color="red" role="alert">
        {errorMessage(account.error, 'You do not hold a membership here.')}
      </Alert>
    );
  const owed = m.subscription.balance_owing;
  const paid = pay.data;
  return (
    <Stack gap="md">
      {paid ? (
        <Alert color={paid.balance_owing === 0 ? 'green' : 'blue'} role="status" title="Payment sent">
          {paid.balance_owing === 0
            ? 'Thank you: nothing is owed any more.'
            : `Your payment is on its way; ${paid.formatted_balance_owing} is owing until it arrives.`}{' '}
          {paid.door_access.text}.
        </Alert>
      ) : owed > 0 ? (
        <>
          <Text size="lg">
            You owe <strong>{m.subscription.formatted_balance_owing}</strong>.
          </Text>
          <Text>
            It will be paid by {m.payment_method?.label ?? 'your chosen way to pay'}. If that no longer works,
            change how you pay first.
          </Text>
          <ActionError mutation={pay} />
          <Button size="lg" loading={pay.isPending} onClick={() => pay.mutate(undefined)}>
            Pay {m.subscription.formatted_balance_owing} now
          </Button>
        </>
      ) : (
        <Alert color="green">Nothing is owed on your membership.</Alert>
      )}
      <Button component={Link} to={route('account.payment-method')} size="lg" variant="light">
        Change how I pay
      </Button>
      <Button component={Link} to={route('account')} size="lg" variant="subtle">
        Back to my membership
      </Button>
    </Stack>
  );
}
