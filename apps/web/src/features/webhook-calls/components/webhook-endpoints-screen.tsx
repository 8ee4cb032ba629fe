// /webhooks (organisation admins): for Akahu, Stripe and Kisi, the endpoint this organisation's events
// must go to, whether the provider sends there, the last call received and the failures of the last
// seven days, each linking to the full list of calls. In a sandbox each card has "Send test event": the
// simulator sends this organisation a signed test event, and the card shows how its delivery went.

import { formatDateTime } from '@gym/domain/format';
import { webhookEventLabel } from '@gym/domain/labels';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { RouteLink } from '@/components/ui/route-link';
import { LoadErrorAlert } from '@/components/ui/table-states';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import {
  useSendTestEvent,
  useWebhookEndpoints,
  type WebhookEndpoint,
  type WebhookTestEvent,
} from '../api/webhook-endpoints';
import { PROVIDER_LABELS, statusBadge } from '../lib/webhook-call-display';

function registrationBadge(endpoint: WebhookEndpoint) {
  if (endpoint.registered === true) return <Badge color="green">Registered</Badge>;
  if (endpoint.registered === false) return <Badge color="red">Not registered</Badge>;
  return <Badge color="gray">Unknown</Badge>;
}

/** How the simulator's delivery of a test event went, in a sentence. */
function testEventText(answer: WebhookTestEvent): string {
  switch (answer.delivery_status) {
    case 'delivered':
      return `Test event ${answer.event_type} delivered: this app answered ${answer.status_code ?? 'OK'}.`;
    case 'dropped':
      return 'The simulator dropped the test event (it is set to drop deliveries).';
    case 'no_target':
      return 'The simulator sends nowhere, so the test event went nowhere.';
    case 'failed':
      return 'The simulator gave up delivering the test event.';
    default:
      return answer.status_code
        ? `This app answered ${answer.status_code}; the simulator will try the test event again.`
        : 'The test event is on its way (the simulator holds deliveries back).';
  }
}

function SendTestEvent({ endpoint, label }: { endpoint: WebhookEndpoint; label: string }) {
  const organisation = useCurrentUser().current_organisation;
  const send = useSendTestEvent(organisation?.id ?? 0);
  return (
    <Stack gap={4} mt="sm">
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        loading={send.isPending}
        onClick={() => send.mutate(endpoint.provider)}
        aria-label={`Send test event from ${label}`}
      >
        Send test event
      </Button>
      {send.isSuccess ? (
        <Text size="xs" role="status">
          {testEventText(send.data)}
        </Text>
      ) : null}
      {send.isError ? (
        <Text size="xs" c="red" role="alert">
          {errorMessage(send.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const label = PROVIDER_LABELS[endpoint.provider];
  const last = endpoint.last_delivery;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {label}
        </Title>
        {registrationBadge(endpoint)}
      </Group>
      <Code block>{endpoint.endpoint_url}</Code>
      {endpoint.registration_note ? (
        <Text size="xs" c="dimmed" mt={4}>
          {endpoint.registration_note}
        </Text>
      ) : null}
      <Text size="sm" mt="sm">
        {last ? (
          <>
            Last call {formatDateTime(new Date(last.received_at))} ({webhookEventLabel(last.event_type)}):{' '}
            <Badge size="sm" variant="light" color={statusBadge(last.status).color}>
              {statusBadge(last.status).label}
            </Badge>
          </>
        ) : (
          'No call received yet.'
        )}
      </Text>
      <Text size="sm" mt="sm" fw={500}>
        {endpoint.failures_last_7_days === 0
          ? 'No failures in the last 7 days.'
          : `${endpoint.failures_last_7_days} failed or rejected in the last 7 days`}
      </Text>
      {endpoint.recent_failures.length > 0 ? (
        <List size="xs" spacing={2} mt={4}>
          {endpoint.recent_failures.map((f) => (
            <List.Item key={f.id}>
              {formatDateTime(new Date(f.received_at))} · {statusBadge(f.status).label} ·{' '}
              {f.error ?? webhookEventLabel(f.event_type)}
            </List.Item>
          ))}
        </List>
      ) : null}
      {endpoint.can_send_test_event ? <SendTestEvent endpoint={endpoint} label={label} /> : null}
      <RouteLink
        to="webhook-calls"
        query={{ provider: endpoint.provider }}
        size="sm"
        mt="sm"
        display="inline-block"
      >
        All {label} calls
      </RouteLink>
    </Paper>
  );
}

export function WebhookEndpointsScreen() {
  const organisation = useCurrentUser().current_organisation;
  const endpoints = useWebhookEndpoints(organisation?.id ?? 0);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Webhooks</Title>
        <Text c="dimmed" mt={4}>
          Where Akahu, Stripe and Kisi send {organisation?.name ?? 'this organisation'}’s events, and how
          their deliveries are going.
        </Text>
      </div>
      {endpoints.isError ? (
        <LoadErrorAlert
          what="the webhooks"
          error={endpoints.error}
          onRetry={() => void endpoints.refetch()}
        />
      ) : !endpoints.data ? (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Skeleton height={220} />
          <Skeleton height={220} />
          <Skeleton height={220} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.provider} endpoint={endpoint} />
          ))}
        </SimpleGrid>
      )}
      {endpoints.data?.some((e) => e.registered === false) ? (
        <Alert color="yellow" title="A provider does not send here">
          Events sent elsewhere never reach this app: payments stay pending until the nightly check and door
          visits are not recorded. Register the endpoint above in that provider’s settings.
        </Alert>
      ) : null}
    </Stack>
  );
}
