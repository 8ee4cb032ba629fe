// The organisation's Kisi connection, for organisation admins: whether it is set, and the API key form
// (the key is checked by Kisi and never shown again).
import { Alert, Badge, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useIntegration } from '../api/get-integration';
import { usePlaces } from '../api/list-places';
import { useSaveIntegration } from '../api/save-integration';

function ApiKeyForm({ organisationId, onDone }: { organisationId: number; onDone?: () => void }) {
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveIntegration();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apiKey.trim() === '') return setError('Value is required');
    save.mutate(
      { organisationId, apiKey: apiKey.trim() },
      {
        onSuccess: () => {
          setApiKey('');
          notifySuccess('Kisi is connected.', 'Door access');
          onDone?.();
        },
        onError: (failure) => setError(isApiError(failure) ? failure.fieldError('api_key') : undefined),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Connect Kisi">
      <Group align="flex-end" gap="sm">
        <PasswordInput
          label="Kisi API key"
          description="From Kisi: Organization settings, API. Kisi checks it before it is saved."
          required
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          error={error}
          onChange={(event) => {
            setApiKey(event.currentTarget.value);
            setError(undefined);
          }}
          style={{ flex: 1, minWidth: 240 }}
        />
        <Button type="submit" loading={save.isPending}>
          Connect Kisi
        </Button>
      </Group>
    </form>
  );
}

/** Answers whether Kisi is connected, so the caller shows places only then. */
export function KisiIntegration({
  organisationId,
  children,
}: {
  organisationId: number;
  children: ReactNode;
}) {
  const integration = useIntegration(organisationId, true);
  // Whether Kisi takes the stored key is known only by asking it: the places list (which the place
  // picker below shows, from the same cached query) is that answer, so the badge says what it says.
  const places = usePlaces(organisationId, integration.data != null);
  const refused = places.isError && isApiError(places.error) && [401, 403, 409].includes(places.error.status);
  const [changing, setChanging] = useState(false);
  if (integration.isPending)
    return <Loader size="sm" role="status" aria-label="Loading the Kisi connection" />;
  if (integration.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the Kisi connection">
        {errorMessage(integration.error)}
      </Alert>
    );
  }
  if (integration.data === null) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          Kisi is not connected for this organisation yet. Connect it to link the gym’s doors.
        </Text>
        <ApiKeyForm organisationId={organisationId} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Group gap="sm">
        {refused ? (
          <Badge color="red" variant="light">
            Kisi refuses the API key
          </Badge>
        ) : places.isSuccess ? (
          <Badge color="green" variant="light">
            Kisi connected
          </Badge>
        ) : null}
        {refused ? null : (
          <Button variant="subtle" size="compact-sm" onClick={() => setChanging((open) => !open)}>
            {changing ? 'Keep the API key' : 'Change API key'}
          </Button>
        )}
      </Group>
      {refused ? (
        <Stack gap="sm">
          <Text size="sm">{errorMessage(places.error)} Enter the organisation’s current Kisi API key.</Text>
          <ApiKeyForm organisationId={organisationId} />
        </Stack>
      ) : (
        <>
          {changing ? <ApiKeyForm organisationId={organisationId} onDone={() => setChanging(false)} /> : null}
          {children}
        </>
      )}
    </Stack>
  );
}
