// /webhooks (organisation admins): for Akahu, Stripe and Kisi, the endpoint this organisation's events
// must go to, whether the provider sends there, the last call received and the failures of the last
// seven days, each linking to the full list of calls.
import { formatDateTime } from '@gym/domain/format';
import {
  Alert,
  Badge,
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
import { useCurrentUser } from '@/lib/session/me';
import { useWebhookEndpoints, type WebhookEndpoint } from '../api/webhook-endpoints';
import { PROVIDER_LABELS, statusBadge } from '../lib/webhook-call-display';

function registrationBadge(endpoint: WebhookEndpoint) {
  if (endpoint.registered === true) return <Badge color="green">Registered</Badge>;
  if (endpoint.registered === false) return <Badge color="red">Not registered</Badge>;
  return <Badge color="gray">Unknown</Badge>;
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
            Last call {formatDateTime(new Date(last.received_at))} ({last.event_type ?? 'unknown event'}):{' '}
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
              {f.error ?? f.event_type ?? ''}
            </List.Item>
          ))}
        </List>
      ) : null}
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
