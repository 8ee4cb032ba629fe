// /members/change-price: choose the members on a price (gym, offering, state, search), the new price and
// the date it takes effect; preview who it reaches (members inside a term left out unless included) and
// the notice they will get; start it, and follow the job's progress to its result. Every choice, the page
// and the running job sit in the address.
import type { BulkPreviewRow } from '@gym/domain/api/subscriptions';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { NzDateInput } from '@/components/ui/nz-date-input';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { serverFieldErrors } from '@/lib/form';
import { useGymOptionsQuery } from '@/lib/gym-options';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { useBulkJob, useBulkPreview, useStartBulk } from '../api/bulk-price-change';
import { useOrganisationPrices } from '../api/subscription-actions';
import {
  type BulkFilters,
  type BulkState,
  bulkFiltersFrom,
  bulkFiltersTo,
  previewBody,
} from '../lib/bulk-filters';
import { ActionModal } from './action-modal';
import { EmailPreviewCard } from './email-preview-card';

const PER_PAGE = 25;
const STATE_LABELS: Record<BulkState, string> = {
  active: 'Active',
  paused: 'Paused',
  grace: 'In grace',
  upcoming: 'Upcoming',
};

function JobProgress({ jobId, onDone }: { jobId: number; onDone(): void }) {
  const job = useBulkJob(jobId);
  if (job.isPending) return <Text size="sm">Loading the price change…</Text>;
  if (job.isError)
    return <LoadErrorAlert what="the price change" error={job.error} onRetry={() => void job.refetch()} />;
  const j = job.data;
  const percent = j.total === 0 ? 100 : Math.round((j.done / j.total) * 100);
  const finished = j.status === 'done' || j.status === 'failed';
  return (
    <Alert
      color={j.status === 'failed' ? 'red' : finished ? 'green' : 'blue'}
      title={
        j.status === 'failed'
          ? 'The price change stopped'
          : finished
            ? 'Price change done'
            : 'Changing prices…'
      }
      role="status"
    >
      <Stack gap="xs">
        <Progress value={percent} aria-label="Price change progress" animated={!finished} />
        <Text size="sm">
          {j.done} of {j.total} members done: {j.changed} changed, {j.unchanged} already on it, {j.failed} not
          changed. New price from {formatDate(j.takes_effect_at as CalendarDate)}.
        </Text>
        {j.errors.length > 0 ? (
          <ul aria-label="Members not changed">
            {j.errors.map((e) => (
              <li key={e.subscription_id}>
                Membership {e.subscription_id}: {e.message}
              </li>
            ))}
          </ul>
        ) : null}
        {finished ? (
          <Group>
            <Button variant="default" size="xs" onClick={onDone}>
              Start another
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

function PreviewTable({ rows }: { rows: BulkPreviewRow[] }) {
  return (
    <Table striped aria-label="Members the change reaches">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Member</Table.Th>
          <Table.Th>Gym</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Now</Table.Th>
          <Table.Th>Changed?</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.subscription_id}>
            <Table.Td>
              {r.name}
              <Text size="xs" c="dimmed">
                {r.email}
              </Text>
            </Table.Td>
            <Table.Td>{r.gym_name}</Table.Td>
            <Table.Td>{STATE_LABELS[r.state as BulkState] ?? r.state}</Table.Td>
            <Table.Td>{r.formatted_current_amount}</Table.Td>
            <Table.Td>
              {r.included ? <Badge color="green">Included</Badge> : <Badge color="gray">Left out</Badge>}
              {r.excluded_reason ? (
                <Text size="xs" c="dimmed">
                  {r.excluded_reason}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function BulkPriceChangeScreen() {
  const [params, setParams] = useSearchParams();
  const filters = bulkFiltersFrom(params);
  const set = (patch: Partial<BulkFilters>) =>
    setParams(bulkFiltersTo({ ...filters, page: 1, ...patch }), { replace: true });
  const organisationId = useCurrentUser().current_organisation?.id ?? null;
  const prices = useOrganisationPrices(organisationId);
  const gyms = useGymOptionsQuery();
  const body = previewBody(filters);
  const preview = useBulkPreview(body ? { ...body, page: filters.page, per_page: PER_PAGE } : null);
  const start = useStartBulk();
  const [confirming, setConfirming] = useState(false);
  const [search, setSearch] = useState(filters.search);

  const current = prices.data?.find((p) => p.id === filters.priceId) ?? null;
  const priceLabel = (p: NonNullable<typeof current>) =>
    `${p.offering.name}: ${p.formatted_amount} ${p.billing_frequency_label.toLowerCase()}${p.gym ? ` (${p.gym.name})` : ''}`;
  const priceChoices = (prices.data ?? []).map((p) => ({ value: String(p.id), label: priceLabel(p) }));
  const newChoices = (prices.data ?? [])
    .filter(
      // Another recurring frequency too: each member's date is checked against their own periods.
      (p) =>
        current === null ||
        (p.id !== current.id &&
          (p.billing_frequency === current.billing_frequency ||
            (p.billing_frequency !== 'one_off' && current.billing_frequency !== 'one_off'))),
    )
    .map((p) => ({ value: String(p.id), label: priceLabel(p) }));
  const offerings = [
    ...new Map((prices.data ?? []).map((p) => [p.offering.id, p.offering.name])).entries(),
  ].map(([id, name]) => ({ value: String(id), label: name }));
  const fieldErrors = preview.isError ? serverFieldErrors(preview.error) : null;
  const numberOf = (value: string | null) => (value === null ? null : Number(value));

  if (prices.isError)
    return <LoadErrorAlert what="the prices" error={prices.error} onRetry={() => void prices.refetch()} />;

  return (
    <Stack gap="lg">
      <Title order={1}>Change prices</Title>
      {filters.jobId !== null ? (
        <JobProgress jobId={filters.jobId} onDone={() => set({ jobId: null })} />
      ) : null}
      <section aria-label="Who and what">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Select
            label="Members on price"
            required
            searchable
            data={priceChoices}
            value={filters.priceId === null ? null : String(filters.priceId)}
            onChange={(value) => set({ priceId: numberOf(value), newPriceId: null })}
            placeholder={prices.isPending ? 'Loading prices…' : 'Choose a price'}
            error={fieldErrors?.price_id}
          />
          <Select
            label="Gym"
            clearable
            data={(gyms.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={filters.gymId === null ? null : String(filters.gymId)}
            onChange={(value) => set({ gymId: numberOf(value) })}
            placeholder="Every gym"
            error={fieldErrors?.gym_id}
          />
          <Select
            label="Offering"
            clearable
            data={offerings}
            value={filters.offeringId === null ? null : String(filters.offeringId)}
            onChange={(value) => set({ offeringId: numberOf(value) })}
            placeholder="Any offering"
          />
          <Select
            label="State"
            clearable
            data={Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }))}
            value={filters.state}
            onChange={(value) => set({ state: value as BulkState | null })}
            placeholder="Any state"
            error={fieldErrors?.state}
          />
          <TextInput
            label="Search"
            description="Name, email or mobile"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onBlur={() => set({ search })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set({ search });
            }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
          <Select
            label="New price"
            required
            searchable
            data={newChoices}
            value={filters.newPriceId === null ? null : String(filters.newPriceId)}
            onChange={(value) => set({ newPriceId: numberOf(value) })}
            placeholder={current ? 'Choose the new price' : 'Choose the current price first'}
            nothingFoundMessage="No other price bills like this one"
            error={fieldErrors?.new_price_id}
          />
          <NzDateInput
            label="Takes effect on"
            required
            value={filters.takesEffectAt ?? ''}
            onChange={(value) => set({ takesEffectAt: (value || null) as CalendarDate | null })}
            error={fieldErrors?.takes_effect_at}
          />
          <Checkbox
            mt="xl"
            label="Include members inside a term"
            checked={filters.includeTermMembers}
            onChange={(event) => set({ includeTermMembers: event.currentTarget.checked })}
          />
        </SimpleGrid>
      </section>

      {body === null ? (
        <Text c="dimmed">
          Choose the members’ current price, the new price and the date it takes effect to see who it reaches.
        </Text>
      ) : preview.isError && !fieldErrors ? (
        <LoadErrorAlert what="the members" error={preview.error} onRetry={() => void preview.refetch()} />
      ) : preview.isError ? null : (
        <section aria-label="Preview">
          <Stack gap="md">
            {preview.data ? (
              <Group justify="space-between">
                <Text>
                  {preview.data.summary.included} of {preview.data.summary.matching} members move to{' '}
                  {preview.data.summary.formatted_new_amount} from{' '}
                  {formatDate(filters.takesEffectAt as CalendarDate)}
                  {preview.data.summary.excluded_in_term > 0
                    ? `; ${preview.data.summary.excluded_in_term} inside a term are left out`
                    : ''}
                  .
                </Text>
                {/* While a change runs, and once it has finished, its result above is what to act on
                    ('Start another'): a second, disabled start button only confused. */}
                {filters.jobId === null ? (
                  <Button disabled={preview.data.summary.included === 0} onClick={() => setConfirming(true)}>
                    Change {preview.data.summary.included} prices
                  </Button>
                ) : null}
              </Group>
            ) : null}
            {preview.isPending ? (
              <Table aria-busy="true" aria-label="Members the change reaches">
                <SkeletonRows columns={5} />
              </Table>
            ) : preview.data.data.length === 0 ? (
              <Text>No members on this price match these filters.</Text>
            ) : (
              <>
                <PreviewTable rows={preview.data.data} />
                <ListPagination meta={preview.data.meta} noun="members" onPage={(page) => set({ page })} />
              </>
            )}
            {preview.data?.email ? (
              <Stack gap="xs">
                <Title order={2} size="h4">
                  The email each member gets
                </Title>
                <EmailPreviewCard email={preview.data.email} />
              </Stack>
            ) : null}
          </Stack>
        </section>
      )}

      <ActionModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Change prices"
        confirmLabel="Start the price change"
        summary={
          preview.data ? (
            <Text size="sm">
              {preview.data.summary.included} members move to {preview.data.summary.formatted_new_amount} for
              payments from {formatDate(filters.takesEffectAt as CalendarDate)}. Each is emailed before it
              takes effect, and the change is kept in their price-change history. It runs in the background;
              you can leave this page.
            </Text>
          ) : null
        }
        onConfirm={async () => {
          if (!body) return;
          const job = await start.mutateAsync(body);
          notifySuccess('The price change has started.', 'Started');
          set({ jobId: job.id, page: filters.page });
        }}
      />
      {start.isError && !confirming ? <Alert color="red">{errorMessage(start.error)}</Alert> : null}
    </Stack>
  );
}
