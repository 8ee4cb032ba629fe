// Sign-in (spec section 2, /login): email and password; the server's own message for wrong details or
// too many attempts; then the way back (`redirect`) or the dashboard, through the two-factor code when due.
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { NO_CONNECTION_MESSAGE } from '@/lib/api-error';
import { serverMessages, useZodForm } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { loginInputSchema, useLogin } from '../api/login';
import { afterSignIn, safeRedirect } from '../lib/redirect-target';

/** Tells the code screen that a code was emailed just now (so its resend cool-down is running). */
export interface CodeSentState {
  codeSentAt: number;
}

export function LoginForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useZodForm(loginInputSchema, { email: '', password: '' });
  const signIn = useLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const redirect = params.get('redirect');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const input = await form.check().catch(() => {
      setProblem(NO_CONNECTION_MESSAGE);
      return null;
    });
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: (result) => {
        if (result.two_factor_required) {
          const state: CodeSentState = { codeSentAt: Date.now() };
          void navigate(route('two-factor-authentication', null, { redirect: safeRedirect(redirect) }), {
            state,
          });
        } else {
          void navigate(afterSignIn(redirect), { replace: true });
        }
      },
      onError: (error) => {
        form.setValue('password', '');
        const fields = serverMessages(error, ['email', 'password'] as const);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        else setProblem(errorMessage(error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {problem ? (
          <Alert color="red" role="alert" title="Could not sign in">
            {problem}
          </Alert>
        ) : null}
        <TextInput label="Email" type="email" autoComplete="username" required {...form.field('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={route('forgot-password')} size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" loading={signIn.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
