// /expected-payments-debugging (organisation admins): for a date range, each membership's charges by the
// billing rules next to what the engine charged, drift first, with where the money and the membership
// stand now (paid, failed and when it is retried, grace, cancelled for non-payment, door access).
// Filters sit in the address. In a sandbox, the app's clock can be moved forward from here to watch the
// engine work through the days.
import { type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/ui/list-pagination';
import { useCurrentUser } from '@/lib/session/me';
import { useDevClock, useMoveClock } from '../api/dev-clock';
import { useExpectedPayments } from '../api/list-expected-payments';
import {
  type FilterKey,
  filtersFromSearch,
  isFiltered,
  queryOf,
  withFilters,
} from '../lib/expected-payment-filters';
import { ClockControl } from './clock-control';
import { ExpectedPaymentsFilters } from './expected-payments-filters';
import { ExpectedPaymentsTable } from './expected-payments-table';
import { ExpectedPaymentsTotals } from './expected-payments-totals';

export function ExpectedPaymentsScreen() {
  const organisation = useCurrentUser().current_organisation;
  const organisationId = organisation?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const clock = useDevClock(organisationId);
  const mover = useMoveClock(organisationId);
  // The app's today: the sandbox clock's, or (no sandbox clock here) the browser's, in Auckland.
  const today: CalendarDate | null = clock.isPending
    ? null
    : ((clock.data?.today as CalendarDate | undefined) ?? todayInAuckland(new Date()));
  const query = queryOf(filters, today);
  const payments = useExpectedPayments(organisationId, query);

  const setFilters = (changes: Partial<Record<FilterKey, string>>) =>
    setParams((current) => withFilters(current, changes));

  const meta = payments.data?.meta;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Expected payments</Title>
        <Text c="dimmed" mt={4}>
          What the billing rules call for at {organisation?.name ?? 'this organisation'} next to what was
          charged, drift first, with where each membership stands now
          {today ? ` (today is ${formatDate(today)})` : ''}.
        </Text>
      </div>
      {clock.data?.can_travel ? (
        <ClockControl
          clock={clock.data}
          journey={mover.journey}
          ended={mover.ended}
          onMove={(days) => void mover.start(days)}
          onStop={mover.stop}
          onDismiss={mover.dismiss}
        />
      ) : null}
      <ExpectedPaymentsFilters
        range={query ? { from: query.from, to: query.to } : null}
        gymId={filters.gymId}
        driftOnly={filters.driftOnly}
        status={filters.status}
        onRange={(range) => setFilters(range)}
        onGym={(gymId) => setFilters({ gym: gymId === null ? '' : String(gymId) })}
        onDriftOnly={(driftOnly) => setFilters({ drift: driftOnly ? 'true' : '' })}
        onStatus={(status) => setFilters({ status: status ?? '' })}
      />
      <ExpectedPaymentsTotals
        meta={meta}
        caption={
          query
            ? `Totals of every payment from ${formatDate(query.from)} to ${formatDate(query.to)}${
                query.gymId === null ? '' : ' at this gym'
              }, whichever payments the list shows.`
            : 'Totals'
        }
      />
      <ExpectedPaymentsTable query={payments} filtered={isFiltered(filters)} waiting={query === null} />
      <ListPagination meta={meta} noun="rows" onPage={(page) => setFilters({ page: String(page) })} />
    </Stack>
  );
}
