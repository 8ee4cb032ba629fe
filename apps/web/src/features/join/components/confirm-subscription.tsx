// /confirm-subscription: what the member is signing up to, in plain words (gym, membership, price and
// frequency, start date, joining fee, the first payment as the billing engine will charge it, the card
// surcharge, term and cooling-off), then confirm. One key per visit makes a double tap one confirm.
import { Alert, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { route } from '@/config/paths';
import { serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { useConfirmSubscription, useJoinSubscription } from '../api/join-api';
import { WRAPPING_LABEL } from './wrapping-label';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      {/* Non-breaking hyphens: a bank account number (12-3456-7890123-00) stays on one line. */}
      <Text ta="right" fw={500}>
        {value.replaceAll('-', '\u2011')}
      </Text>
    </Group>
  );
}

export function ConfirmSubscription() {
  const navigate = useNavigate();
  const subscription = useJoinSubscription();
  const confirm = useConfirmSubscription();
  const [key] = useState(() => crypto.randomUUID());
  const [declined, setDeclined] = useState<string | null>(null);

  if (subscription.isLoading) return <Loader role="status" aria-label="Loading your membership" />;
  if (subscription.isError || !subscription.data) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(subscription.error)}
      </Alert>
    );
  }
  const s = subscription.data;
  const f = s.first_payment;
  const submit = () => {
    setDeclined(null);
    confirm.mutate(key, {
      onSuccess: () => void navigate(route('register.welcome-to-gym'), { replace: true }),
      onError: (error) => {
        const first = serverFieldErrors(error)?.payment_method;
        setDeclined(Array.isArray(first) ? String(first[0]) : errorMessage(error));
      },
    });
  };
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Line label="Gym" value={s.gym.name} />
        <Line label="Membership" value={s.offering.name} />
        <Line label="Price" value={`${s.price.formatted_amount} ${s.price.frequency_label.toLowerCase()}`} />
        <Line label="Starts" value={s.formatted_start_date} />
        {f.joining_fee > 0 ? <Line label="Joining fee" value={f.formatted_joining_fee} /> : null}
        {f.surcharge > 0 ? <Line label="Card surcharge" value={f.formatted_surcharge} /> : null}
        <Divider />
        <Line label="First payment today" value={f.formatted_total} />
        <Text size="sm" c="dimmed">
          {f.explanation}
          {f.joining_fee > 0 ? `, plus the ${f.formatted_joining_fee} joining fee` : ''}.
        </Text>
        {s.payment_method ? <Line label="Paid by" value={s.payment_method.label} /> : null}
      </Stack>
      {s.card_surcharge_text && s.payment_method?.type === 'stripe_card' ? (
        <Text size="sm">{s.card_surcharge_text}</Text>
      ) : null}
      {s.term_text ? <Text size="sm">{s.term_text}</Text> : null}
      {s.cooling_off_text ? <Text size="sm">{s.cooling_off_text}</Text> : null}
      {!s.term_text ? (
        <Text size="sm">This is a flexi membership: no fixed term, cancel any time by asking the gym.</Text>
      ) : null}
      {declined ? (
        <Alert color="red" role="alert" title="Payment declined">
          {declined}
        </Alert>
      ) : null}
      {s.status === 'active' || s.status === 'payment_pending' ? (
        <Button component={Link} to={route('register.welcome-to-gym')} size="lg">
          Continue
        </Button>
      ) : (
        <Button
          size="lg"
          {...WRAPPING_LABEL}
          onClick={submit}
          loading={confirm.isPending}
          disabled={!s.payment_method}
        >
          Confirm and pay {f.formatted_total}
        </Button>
      )}
      <Button component={Link} to={route('register.choose-payment-method')} variant="subtle">
        {declined ? 'Choose another way to pay' : 'Change how I pay'}
      </Button>
    </Stack>
  );
}
