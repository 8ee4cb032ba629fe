// /card-details and /card-connected: the card is typed on Stripe's own page (Stripe Checkout in setup
// mode; the sandbox's stand-in in development, with 3-D Secure when the card asks), saved on the gym's
// account, and Stripe sends the member back here with the session's id.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { cardSetupUrl, completeCardSetup, useSurchargeTotal } from '../api/join-api';
import { afterPaymentMethod } from './next-step';
import { WRAPPING_LABEL } from './wrapping-label';

export function CardDetails() {
  const user = useCurrentUser();
  const total = useSurchargeTotal('stripe_card');
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = () => {
    setGoing(true);
    setError(null);
    cardSetupUrl().then(
      (url) => window.location.assign(url),
      (failure: unknown) => {
        setGoing(false);
        setError(errorMessage(failure));
      },
    );
  };
  return (
    <Stack gap="md">
      <Text>
        You will enter your card on our card provider's secure page. Your bank may ask you to approve it.
      </Text>
      {user.general_card_surcharge_text ? <Text size="sm">{user.general_card_surcharge_text}</Text> : null}
      {total.data ? (
        <Text size="sm">
          Your first payment by card: {total.data.formatted_total} (card surcharge{' '}
          {total.data.formatted_surcharge}).
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button size="lg" {...WRAPPING_LABEL} loading={going} onClick={go}>
        Enter card details
      </Button>
      <Button component={Link} to={route('register.choose-payment-method')} variant="subtle">
        Choose another way to pay
      </Button>
    </Stack>
  );
}

export function CardConnected() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);
  const sessionId = params.get('session_id');
  const next = afterPaymentMethod(useCurrentUser());

  useEffect(() => {
    if (asked.current || !sessionId) return;
    asked.current = true;
    completeCardSetup(sessionId).then(
      () => void navigate(next, { replace: true }),
      (failure: unknown) => {
        const first = serverFieldErrors(failure)?.session_id;
        setError(Array.isArray(first) ? String(first[0]) : errorMessage(failure));
      },
    );
  }, [sessionId, navigate, next]);

  if (!sessionId || error) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {error ?? 'Your card was not saved. Try again or use another card.'}
        </Alert>
        <Button component={Link} to={route('register.choose-payment-method')} size="lg">
          Choose how to pay
        </Button>
      </Stack>
    );
  }
  return <Loader role="status" aria-label="Saving your card" />;
}
