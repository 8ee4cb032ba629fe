// Choosing a password from an emailed link: a password reset (/reset-password) or a staff invitation
// (/set-password). The link carries the token and email; the server's messages show beside the fields.
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { serverMessages, useZodForm } from '@/lib/form';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { newPasswordInputSchema, useResetPassword } from '../api/reset-password';
import { useSetPassword } from '../api/set-password';

interface NewPasswordFormProps {
  /** reset: from "forgot password"; invitation: a new staff member's first password. */
  kind: 'reset' | 'invitation';
}

export function NewPasswordForm({ kind }: NewPasswordFormProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const form = useZodForm(newPasswordInputSchema, { password: '', password_confirmation: '' });
  const reset = useResetPassword();
  const invitation = useSetPassword();
  const save = kind === 'reset' ? reset : invitation;
  const [problem, setProblem] = useState<string | null>(null);

  if (!token || !email) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" title="This link is incomplete">
          Open the link from your email again, or ask for a new one.
        </Alert>
        <Anchor component={Link} to={route('forgot-password')} size="sm">
          Ask for a new link
        </Anchor>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const input = form.check();
    if (!input) return;
    save.mutate(
      { ...input, token, email },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message, kind === 'reset' ? 'Password reset' : 'Password set');
          // An invitation's answer signs them in; a reset signs in as usual (with two-factor if on).
          const signedIn = 'signed_in' in answer && answer.signed_in;
          void navigate(route(signedIn ? 'dashboard' : 'login'), { replace: true });
        },
        onError: (error) => {
          const fields = serverMessages(error, ['password', 'password_confirmation'] as const);
          form.setErrors(fields);
          // The link's own problems (expired, used, wrong email) have no field on this screen.
          const linkProblem = serverMessages(error, ['token', 'email'] as const);
          const linkMessage = linkProblem.token ?? linkProblem.email;
          if (linkMessage) setProblem(linkMessage);
          else if (Object.keys(fields).length === 0) setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={kind === 'reset' ? 'Reset password' : 'Set your password'}>
      <Stack gap="md">
        {problem ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <span>{problem}</span>
              <Anchor component={Link} to={route('forgot-password')} size="sm">
                Ask for a new link
              </Anchor>
            </Stack>
          </Alert>
        ) : null}
        <Text size="sm">
          For <strong>{email}</strong>. Use at least 10 characters; a few unrelated words make a strong
          password.
        </Text>
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...form.field('password')}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          required
          {...form.field('password_confirmation')}
        />
        <Button type="submit" loading={save.isPending} fullWidth>
          {kind === 'reset' ? 'Reset password' : 'Set password'}
        </Button>
      </Stack>
    </form>
  );
}
