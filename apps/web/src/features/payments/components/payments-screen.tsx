import { formatMoney } from '@gym/domain/money';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { notifyError } from '@/lib/notify';
import { useServedRange } from '@/lib/served-range';
import { useCurrentUser } from '@/lib/session/me';
import { canSeeMoney } from '@/lib/session/permissions';
import type { PaymentsAnswer } from '../api/payment-answers';
import { useExportPayments, usePayments } from '../api/payments-api';
import {
  apiFilters,
  type FilterKey,
  filtersFromSearch,
  isFiltered,
  withFilters,
} from '../lib/payment-filters';
import { PaymentDrawer } from './payment-drawer';
import { PaymentsFilters } from './payments-filters';
import { PaymentsTable } from './payments-table';

const TOTALS: { key: keyof PaymentsAnswer['meta']['totals']; label: string; money: boolean }[] = [
  { key: 'count', label: 'Payments', money: false },
  { key: 'successful', label: 'Collected', money: true },
  { key: 'pending', label: 'Pending', money: true },
  { key: 'failed', label: 'Failed', money: true },
];

export function PaymentsScreen() {
  // Money is for admins (docs/roles.md): the menu does not offer this screen to anyone else, and an
  // address typed in gets one clear page instead of a list that never loads and an export that fails.
  return canSeeMoney(useCurrentUser()) ? <PaymentsList /> : <PaymentsRefused />;
}

function PaymentsRefused() {
  return (
    <Stack gap="md">
      <Title order={1}>Payments</Title>
      <Alert color="yellow" role="alert" title="Only admins see payments" maw={880}>
        Payments are for organisation and gym admins. Ask an admin of your gym if you need to know about a
        member's payments.
      </Alert>
    </Stack>
  );
}

function PaymentsList() {
  const organisationId = useCurrentUser().current_organisation?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const query = apiFilters(filters);
  const payments = usePayments(organisationId, query, filters.page);
  const exporter = useExportPayments();
  const setFilters = (changes: Partial<Record<FilterKey, string>>) =>
    setParams((current) => withFilters(current, changes));
  const totals = payments.data?.meta.totals;
  const served = payments.isPlaceholderData ? undefined : payments.data?.meta.range;
  const range = useServedRange(filters, served, setParams);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Payments</Title>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(query, {
              onError: (error) => notifyError(error, 'Could not export the payments'),
            })
          }
        >
          Export CSV
        </Button>
      </Group>
      <PaymentsFilters filters={filters} range={range} onChange={setFilters} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Totals">
        {TOTALS.map((t) => (
          <Paper key={t.key} withBorder radius="md" p="sm" role="group" aria-label={t.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t.label}
            </Text>
            {totals ? (
              <Text fw={700} size="lg">
                {t.money ? formatMoney(totals[t.key]) : String(totals[t.key])}
              </Text>
            ) : (
              <Skeleton height={24} mt={4} />
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <PaymentsTable
        query={payments}
        filtered={isFiltered(filters)}
        onOpen={(id) => setFilters({ payment: String(id) })}
      />
      <ListPagination
        meta={payments.data?.meta}
        noun="payments"
        onPage={(page) => setFilters({ page: String(page) })}
      />
      <PaymentDrawer
        organisationId={organisationId}
        paymentId={filters.paymentId}
        onClose={() => setFilters({ payment: '' })}
        onOpen={(id) => setFilters({ payment: String(id) })}
      />
    </Stack>
  );
}
