// The organisation's Kisi connection, for organisation admins: whether it is set, and the API key form
// (the key is checked by Kisi and never shown again), with the organisation's own event-webhook signing
// key (the one set on its event webhook integration in Kisi; never shown again either).
import { Alert, Badge, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useIntegration } from '../api/get-integration';
import { usePlaces } from '../api/list-places';
import { useSaveIntegration } from '../api/save-integration';

function ApiKeyForm({
  organisationId,
  webhookSecretSet = false,
  onDone,
}: {
  organisationId: number;
  webhookSecretSet?: boolean;
  onDone?: () => void;
}) {
  const [apiKey, setApiKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [secretError, setSecretError] = useState<string | undefined>();
  const save = useSaveIntegration();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apiKey.trim() === '') return setError('Value is required');
    const secret = webhookSecret.trim();
    save.mutate(
      {
        organisationId,
        apiKey: apiKey.trim(),
        ...(removeSecret ? { webhookSecret: null } : secret ? { webhookSecret: secret } : {}),
      },
      {
        onSuccess: () => {
          setApiKey('');
          setWebhookSecret('');
          setRemoveSecret(false);
          notifySuccess('Kisi is connected.', 'Door access');
          onDone?.();
        },
        onError: (failure) => {
          setError(isApiError(failure) ? failure.fieldError('api_key') : undefined);
          setSecretError(isApiError(failure) ? failure.fieldError('webhook_secret') : undefined);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Connect Kisi">
      <Stack gap="sm">
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
        />
        <PasswordInput
          label="Event webhook signing key (optional)"
          description={
            webhookSecretSet
              ? 'The organisation’s own key is saved. Enter a new one to replace it, or leave empty to keep it.'
              : 'From Kisi: the secret on the organisation’s event webhook integration. Without one, door events are checked with the platform’s key.'
          }
          autoComplete="off"
          spellCheck={false}
          value={webhookSecret}
          disabled={removeSecret}
          error={secretError}
          onChange={(event) => {
            setWebhookSecret(event.currentTarget.value);
            setSecretError(undefined);
          }}
        />
        {webhookSecretSet ? (
          <Checkbox
            label="Remove the organisation’s own signing key (use the platform’s)"
            checked={removeSecret}
            onChange={(event) => setRemoveSecret(event.currentTarget.checked)}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Connect Kisi
          </Button>
        </Group>
      </Stack>
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
        <Badge color="gray" variant="light">
          {integration.data.webhook_secret_set ? 'Own webhook signing key' : 'Platform webhook signing key'}
        </Badge>
        {refused ? null : (
          <Button variant="subtle" size="compact-sm" onClick={() => setChanging((open) => !open)}>
            {changing ? 'Keep the API key' : 'Change API key'}
          </Button>
        )}
      </Group>
      {refused ? (
        <Stack gap="sm">
          <Text size="sm">{errorMessage(places.error)} Enter the organisation’s current Kisi API key.</Text>
          <ApiKeyForm
            organisationId={organisationId}
            webhookSecretSet={integration.data.webhook_secret_set}
          />
        </Stack>
      ) : (
        <>
          {changing ? (
            <ApiKeyForm
              organisationId={organisationId}
              webhookSecretSet={integration.data.webhook_secret_set}
              onDone={() => setChanging(false)}
            />
          ) : null}
          {children}
        </>
      )}
    </Stack>
  );
}
