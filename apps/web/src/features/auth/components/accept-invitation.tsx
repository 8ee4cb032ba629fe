// /accept-invitation: a person who already has an account accepts a staff invitation with one click and
// ends signed in there. Nothing changes for them until they do; the link works once, for the invited
// address only.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { serverMessages } from '@/lib/form';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useAcceptInvitation } from '../api/accept-invitation';

export function AcceptInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const accept = useAcceptInvitation();

  if (!token || !email) {
    return (
      <Alert color="red" role="alert" title="This link is incomplete">
        Open the link from your email again, or ask the person who invited you to send a new one.
      </Alert>
    );
  }

  // Signed in by the answer: straight to work in the organisation that invited them.
  if (accept.isSuccess && accept.data.signed_in) {
    return <Navigate to={route('dashboard')} replace />;
  }

  if (accept.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status" title="Invitation accepted">
          {accept.data.message}
        </Alert>
        <Button component={Link} to={route('login')}>
          Continue
        </Button>
      </Stack>
    );
  }

  const problem = accept.isError
    ? (serverMessages(accept.error, ['token', 'email'] as const).token ?? errorMessage(accept.error))
    : null;

  return (
    <Stack gap="md">
      <Text>
        The invitation is for <strong>{email}</strong>. Accept it to work there with your existing sign-in;
        your other organisations stay as they are.
      </Text>
      {problem ? (
        <Alert color="red" role="alert" title="The invitation could not be accepted">
          {problem}
        </Alert>
      ) : null}
      <Button
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(
            { token, email },
            { onSuccess: (answer) => answer.signed_in && notifySuccess(answer.message, 'Welcome') },
          )
        }
      >
        Accept the invitation
      </Button>
      <Anchor component={Link} to={route('login')} size="sm">
        Not now
      </Anchor>
    </Stack>
  );
}
