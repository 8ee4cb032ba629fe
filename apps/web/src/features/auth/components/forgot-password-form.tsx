// Forgot password (/forgot-password): asks for a reset link by email. Whatever the address, the answer
// is the same confirmation, so the screen never tells whether someone has an account.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { serverMessages, useZodForm } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { forgotPasswordInputSchema, useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const form = useZodForm(forgotPasswordInputSchema, { email: '' });
  const request = useForgotPassword();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const input = form.check();
    if (!input) return;
    request.mutate(input, {
      onError: (error) => {
        const fields = serverMessages(error, ['email'] as const);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        else setProblem(errorMessage(error));
      },
    });
  };

  const backToSignIn = (
    <Anchor component={Link} to={route('login')} size="sm">
      Back to sign in
    </Anchor>
  );

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status" title="Check your email">
          {request.data.message}
        </Alert>
        <Text size="sm">The link works for 60 minutes. If nothing arrives, check your spam folder.</Text>
        {backToSignIn}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="md">
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <Button type="submit" loading={request.isPending} fullWidth>
          Email me a reset link
        </Button>
        {backToSignIn}
      </Stack>
    </form>
  );
}
