// The sign-in code screen (/two-factor-authentication): six digits from the email, checked by the
// server; a new code at most every 30 seconds, with the wait shown; then on to where the user was going.

import { CODE_LENGTH } from '@gym/domain/api/auth-requests';
import { Alert, Anchor, Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/notify';
import { RESEND_COOL_DOWN_SECONDS, secondsToWait, useResendCode } from '../api/resend-code';
import { useVerifyCode, verifyCodeInputSchema } from '../api/verify-code';
import { afterSignIn, safeRedirect } from '../lib/redirect-target';
import { useCountdown } from '../lib/use-countdown';
import type { CodeSentState } from './login-form';

/** Seconds of cool-down left when the code was emailed moments ago by the sign-in. */
function coolDownFrom(state: unknown): number {
  const sentAt = (state as Partial<CodeSentState> | null)?.codeSentAt;
  if (typeof sentAt !== 'number') return 0;
  return Math.max(0, Math.ceil(RESEND_COOL_DOWN_SECONDS - (Date.now() - sentAt) / 1000));
}

export function TwoFactorForm() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const verify = useVerifyCode();
  const resend = useResendCode();
  const coolDown = useCountdown(coolDownFrom(location.state));
  const firstDigit = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => firstDigit.current?.focus(), []);

  const signInAgain = () =>
    void navigate(route('login', null, { redirect: safeRedirect(redirect) }), { replace: true });

  const submit = (value = code) => {
    setProblem(null);
    setNotice(null);
    const parsed = verifyCodeInputSchema.safeParse({ code: value });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setCodeError(null);
    verify.mutate(parsed.data, {
      onSuccess: () => void navigate(afterSignIn(redirect), { replace: true }),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return signInAgain();
        setCode('');
        const message = isApiError(error) ? error.fieldError('code') : undefined;
        if (message) setCodeError(message);
        else setProblem(errorMessage(error));
        firstDigit.current?.focus();
      },
    });
  };

  const sendAnother = () => {
    setProblem(null);
    setNotice(null);
    resend.mutate(undefined, {
      onSuccess: (answer) => {
        setNotice(answer.message);
        coolDown.start(RESEND_COOL_DOWN_SECONDS);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return signInAgain();
        if (isApiError(error) && error.status === 429) coolDown.start(secondsToWait(error.message));
        setProblem(errorMessage(error));
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const waiting = coolDown.secondsLeft > 0;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Enter your sign-in code">
      <Stack gap="md">
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Input.Wrapper
          label="Sign-in code"
          labelProps={{ id: labelId }}
          error={codeError}
          errorProps={{ id: errorId }}
          required
        >
          <PinInput
            ref={firstDigit}
            length={CODE_LENGTH}
            type="number"
            oneTimeCode
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
              // Not onComplete: Mantine fires that once per mount, so a second code after a wrong one
              // (the field cleared by us) would never be sent.
              if (value.length === CODE_LENGTH && !verify.isPending) submit(value);
            }}
            error={Boolean(codeError)}
            disabled={verify.isPending}
            aria-labelledby={labelId}
            getInputProps={(index) => ({
              'aria-label': `Digit ${index + 1} of ${CODE_LENGTH}`,
              'aria-invalid': Boolean(codeError),
              'aria-describedby': codeError ? errorId : undefined,
            })}
            mt={4}
          />
        </Input.Wrapper>
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" onClick={sendAnother} loading={resend.isPending} disabled={waiting} px={0}>
            Send a new code
          </Button>
          <Text size="sm" c="dimmed">
            {waiting ? `You can ask for a new code in ${coolDown.secondsLeft} s` : null}
          </Text>
        </Group>
        <Text size="sm" role="status">
          {notice}
        </Text>
        <Anchor component={Link} to={route('login')} size="sm">
          Sign in with another account
        </Anchor>
      </Stack>
    </form>
  );
}
