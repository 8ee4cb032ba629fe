// "Already a member? Sign in" on the join site itself: email and password, the emailed code when due,
// then the member's next step. Forgot-password mails a link as on the back office.
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { route, routeUrl } from '@/config/paths';
import { NO_CONNECTION_MESSAGE } from '@/lib/api-error';
import { errorsFromIssues, serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { loginBodySchema, useSignIn } from '../api/join-api';
import { nextJoinStep } from './next-step';

export function MemberSignIn() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  // The check's schema loads once someone starts typing (the join site's first script has no zod).
  const typed = (set: (value: string) => void) => (value: string) => {
    loginBodySchema().catch(() => undefined);
    set(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const loginBody = await loginBodySchema().catch(() => null);
    if (!loginBody) {
      setProblem(NO_CONNECTION_MESSAGE);
      return;
    }
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues) as Record<string, string>);
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onSuccess: (answer) => {
        if (answer.two_factor_required || !answer.data) {
          void navigate(route('register.verification-code', null, { twoFactorAuth: true }));
        } else if (answer.data.is_staff) {
          window.location.assign(routeUrl('dashboard'));
        } else {
          void navigate(nextJoinStep(answer.data), { replace: true });
        }
      },
      onError: (error) => {
        setPassword('');
        const fields = serverFieldErrors(error);
        const first = fields ? Object.values(fields)[0] : undefined;
        setProblem(Array.isArray(first) ? String(first[0]) : errorMessage(error));
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
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          size="md"
          value={email}
          onChange={(e) => typed(setEmail)(e.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          size="md"
          value={password}
          onChange={(e) => typed(setPassword)(e.currentTarget.value)}
          error={errors.password}
        />
        <Anchor href={routeUrl('forgot-password')} size="sm">
          Forgot your password?
        </Anchor>
        <Button type="submit" size="lg" fullWidth loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
