// The register screen's two ways in: join (the form), or "already a member? sign in". A hand-over link
// from the staff host (?handover=…) signs the member in here first and sends them to their next step.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/notify';
import { meQueryOptions } from '@/lib/session/me';
import { useRedeemHandover } from '../api/join-api';
import { MemberSignIn } from './member-sign-in';
import { nextJoinStep } from './next-step';
import { RegisterForm } from './register-form';

export function JoinStart() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handover = params.get('handover');
  const redeem = useRedeemHandover();
  const asked = useRef(false);
  const [mode, setMode] = useState(params.get('sign_in') ? 'sign-in' : 'join');

  useEffect(() => {
    if (!handover || asked.current) return;
    asked.current = true;
    redeem.mutate(handover, {
      onSuccess: async () => {
        const me = await queryClient.fetchQuery(meQueryOptions());
        void navigate(nextJoinStep(me), { replace: true });
      },
    });
  }, [handover, redeem, queryClient, navigate]);

  const choose = (value: 'join' | 'sign-in') => {
    setMode(value);
    const next = new URLSearchParams(params);
    next.delete('handover');
    if (value === 'sign-in') next.set('sign_in', '1');
    else next.delete('sign_in');
    setParams(next, { replace: true });
  };

  if (handover && !redeem.isError) return <Loader role="status" aria-label="Signing you in" />;
  return (
    <Stack gap="md">
      {redeem.isError ? (
        <Alert color="yellow" role="alert">
          {errorMessage(redeem.error)}
        </Alert>
      ) : null}
      <Group grow gap="xs" align="stretch" role="group" aria-label="Join or sign in">
        {(
          [
            ['join', 'New here?', 'Join'],
            ['sign-in', 'Already a member?', 'Sign in'],
          ] as const
        ).map(([value, question, action]) => (
          <Button
            key={value}
            // Two short lines, so both fit side by side on the narrowest phone.
            h="auto"
            py={6}
            styles={{
              label: {
                flexDirection: 'column',
                justifyContent: 'center',
                whiteSpace: 'normal',
                lineHeight: 1.3,
              },
            }}
            variant={mode === value ? 'filled' : 'default'}
            aria-pressed={mode === value}
            onClick={() => choose(value)}
          >
            <Text span size="xs" inherit={false} c="inherit">
              {question}
            </Text>{' '}
            <Text span fw={700} size="md" c="inherit">
              {action}
            </Text>
          </Button>
        ))}
      </Group>
      {mode === 'sign-in' ? <MemberSignIn /> : <RegisterForm />}
    </Stack>
  );
}
