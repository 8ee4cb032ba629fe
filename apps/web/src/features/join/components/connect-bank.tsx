// /connect-akahu and /bank-account-connected: the Akahu consent round trip. The member goes to Akahu's
// page (the sandbox's in development), approves, comes back with a code, and picks the account to pay from.
import type { AkahuAccounts } from '@gym/domain/api/registration';
import { Alert, Button, Loader, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { akahuAuthUrl, exchangeAkahuCode, useChooseAccount } from '../api/join-api';
import { afterPaymentMethod } from './next-step';
import { WRAPPING_LABEL } from './wrapping-label';

export function ConnectBank() {
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = () => {
    setGoing(true);
    setError(null);
    akahuAuthUrl().then(
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
        We use Akahu, New Zealand's open-banking service, to connect your bank account securely. You will
        choose your bank, approve the connection, and come back here.
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button size="lg" {...WRAPPING_LABEL} loading={going} onClick={go}>
        Continue to your bank
      </Button>
      <Button component={Link} to={route('register.choose-payment-method')} variant="subtle">
        Choose another way to pay
      </Button>
    </Stack>
  );
}

export function BankAccountConnected() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [accounts, setAccounts] = useState<AkahuAccounts['accounts'] | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const choose = useChooseAccount();
  const next = afterPaymentMethod(useCurrentUser());
  const asked = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const refused = params.get('error');

  useEffect(() => {
    if (asked.current || !code || !state) return;
    asked.current = true;
    exchangeAkahuCode(code, state).then(
      (answer) => {
        setAccounts(answer.accounts);
        setChosen(answer.accounts.find((a) => a.can_pay)?.id ?? '');
      },
      (failure: unknown) => {
        const fields = serverFieldErrors(failure);
        const first = fields ? Object.values(fields)[0] : undefined;
        setError(Array.isArray(first) ? String(first[0]) : errorMessage(failure));
      },
    );
  }, [code, state]);

  if (refused || (!code && !accounts)) {
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert">
          Your bank account was not connected{refused ? ' (you declined at your bank)' : ''}.
        </Alert>
        <Button component={Link} to={route('register.choose-payment-method')} size="lg">
          Choose how to pay
        </Button>
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {error}
        </Alert>
        <Button component={Link} to={route('register.connect-akahu')} size="lg">
          Connect again
        </Button>
      </Stack>
    );
  }
  if (!accounts) return <Loader role="status" aria-label="Connecting your bank account" />;
  return (
    <Stack gap="md">
      <Text>Your bank is connected. Which account should your membership be paid from?</Text>
      <Radio.Group label="Pay from" value={chosen} onChange={setChosen} required>
        <Stack gap="sm" mt="xs">
          {accounts.map((a) => (
            <Radio
              key={a.id}
              value={a.id}
              disabled={!a.can_pay}
              label={`${a.name}${a.formatted_account ? ` (${a.formatted_account})` : ''}${a.can_pay ? '' : ': cannot make payments'}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {choose.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(choose.error)}
        </Alert>
      ) : null}
      <Button
        size="lg"
        disabled={!chosen}
        loading={choose.isPending}
        onClick={() => choose.mutate(chosen, { onSuccess: () => void navigate(next) })}
      >
        Pay from this account
      </Button>
    </Stack>
  );
}
