// /verification-code: the six digits emailed on joining (or at sign-in with two-factor), then the
// member's next step. A new code at most every 30 seconds.
import { CODE_LENGTH, verifyCodeBody } from '@gym/domain/api/auth-requests';
import { Alert, Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { meQueryOptions } from '@/lib/session/me';
import { resendJoinCode, useVerifyJoinCode } from '../api/join-api';
import { nextJoinStep } from './next-step';
import { WRAPPING_LABEL } from './wrapping-label';

export function VerificationCode() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyJoinCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const labelId = useId();

  const submit = (value = code) => {
    setNotice(null);
    const parsed = verifyCodeBody.safeParse({ code: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    verify.mutate(parsed.data.code, {
      onSuccess: async () => {
        const me = await queryClient.fetchQuery(meQueryOptions());
        void navigate(nextJoinStep(me), { replace: true });
      },
      onError: (failure) => {
        setCode('');
        const fields = serverFieldErrors(failure);
        const first = fields?.code;
        setError(Array.isArray(first) ? String(first[0]) : errorMessage(failure));
      },
    });
  };

  const resend = () =>
    resendJoinCode().then(
      () => setNotice('We have emailed you a new code.'),
      (failure: unknown) => setError(errorMessage(failure)),
    );

  return (
    <Stack gap="md">
      <Text>We emailed you a six-digit code. Enter it to carry on.</Text>
      {notice ? <Alert color="green">{notice}</Alert> : null}
      <Input.Wrapper label="Code" id={labelId} error={error}>
        <PinInput
          length={CODE_LENGTH}
          type="number"
          oneTimeCode
          size="lg"
          value={code}
          onChange={setCode}
          onComplete={submit}
          aria-label="Code"
          error={Boolean(error)}
          className={error ? 'error-input' : undefined}
        />
      </Input.Wrapper>
      <Group grow>
        <Button size="lg" {...WRAPPING_LABEL} loading={verify.isPending} onClick={() => submit()}>
          Continue
        </Button>
      </Group>
      <Button variant="subtle" onClick={() => void resend()}>
        Email me a new code
      </Button>
    </Stack>
  );
}
