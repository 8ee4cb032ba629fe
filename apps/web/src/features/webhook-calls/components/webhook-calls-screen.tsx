// /webhook-calls: every webhook Akahu, Stripe and Kisi sent about the current organisation, newest
// first, filtered by provider and status (kept in the address); a call opens with its recorded body.
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { useCurrentUser } from '@/lib/session/me';
import { useWebhookCalls } from '../api/list-webhook-calls';
import { WEBHOOK_CALL_STATUSES, WEBHOOK_PROVIDERS, type WebhookCall } from '../api/webhook-call-answers';
import { PROVIDER_LABELS, STATUS_LABELS } from '../lib/webhook-call-display';
import { type FilterKey, filtersFromSearch, isFiltered, withFilter } from '../lib/webhook-call-filters';
import { WebhookCallDrawer } from './webhook-call-drawer';
import { WebhookCallsTable } from './webhook-calls-table';

const PROVIDER_CHOICES = [
  { value: '', label: 'All' },
  ...WEBHOOK_PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_LABELS[provider] })),
];
const STATUS_CHOICES = [
  { value: '', label: 'All' },
  ...WEBHOOK_CALL_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export function WebhookCallsScreen() {
  const organisation = useCurrentUser().current_organisation;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const calls = useWebhookCalls(organisation?.id ?? 0, filters);
  const [opened, setOpened] = useState<WebhookCall | null>(null);

  const setFilter = (key: FilterKey, value: string) =>
    setParams((current) => withFilter(current, key, value));

  const meta = calls.data?.meta;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Webhook calls</Title>
        <Text c="dimmed" mt={4}>
          What Akahu, Stripe and Kisi sent about {organisation?.name ?? 'this organisation'}, newest first.
        </Text>
      </div>
      <Group gap="lg" align="flex-end">
        <Stack gap={4} maw="100%">
          <Text size="sm" fw={500} id="webhook-calls-provider">
            Provider
          </Text>
          <SegmentedControl
            maw="100%"
            style={{ overflowX: 'auto' }}
            aria-labelledby="webhook-calls-provider"
            data={PROVIDER_CHOICES}
            value={filters.provider ?? ''}
            onChange={(value) => setFilter('provider', value)}
          />
        </Stack>
        <Stack gap={4} maw="100%">
          <Text size="sm" fw={500} id="webhook-calls-status">
            Status
          </Text>
          <SegmentedControl
            maw="100%"
            style={{ overflowX: 'auto' }}
            aria-labelledby="webhook-calls-status"
            data={STATUS_CHOICES}
            value={filters.status ?? ''}
            onChange={(value) => setFilter('status', value)}
          />
        </Stack>
      </Group>
      <WebhookCallsTable query={calls} filtered={isFiltered(filters)} onOpen={setOpened} />
      <ListPagination meta={meta} noun="calls" onPage={(page) => setFilter('page', String(page))} />
      <WebhookCallDrawer call={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
