// /reports: the owner's numbers (issue 29) for one gym or every gym one administers (the whole
// organisation for its admins): recurring revenue, churn, collections, debtors and the forecast, a tab
// each, with the at-risk list beside them. Every filter is in the address (?report=churn&gym=2&from=…),
// each report downloads as CSV with the filters on screen. Money is for admins: anyone else gets one
// clear sentence instead of reports that would be refused.
import { REPORT_TITLES, REPORTS, type ReportName } from '@gym/domain/api/reports';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { Alert, Anchor, Button, Group, Select, Stack, Tabs, Title } from '@mantine/core';
// The charts' own styles (legend, tooltip): the reports may be the first charts a session opens.
import '@mantine/charts/styles.css';
import { IconDownload } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { route } from '@/config/paths';
import { useGymOptions } from '@/lib/gym-options';
import { notifyError } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { canSeeMoney } from '@/lib/session/permissions';
import { useReportExport } from '../api/reports-api';
import {
  debtorsQuery,
  exportQuery,
  forecastQuery,
  monthLabel,
  monthlyQuery,
  readReportParams,
} from '../lib/report-params';
import { ChurnReport } from './churn-report';
import { CollectionsReport } from './collections-report';
import { DebtorsReport } from './debtors-report';
import { ForecastReport } from './forecast-report';
import { RecurringRevenueReport } from './recurring-revenue-report';

const MONTHLY: readonly ReportName[] = ['recurring-revenue', 'churn', 'collections'];

/** The months to choose from: this one and the 35 before it, newest first. */
function monthChoices(): { value: string; label: string }[] {
  const [year, month] = todayInAuckland(new Date()).split('-').map(Number) as [number, number];
  return Array.from({ length: 36 }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    const value = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    return { value, label: monthLabel(value) };
  });
}

export function ReportsScreen() {
  return canSeeMoney(useCurrentUser()) ? <Reports /> : <ReportsRefused />;
}

function ReportsRefused() {
  return (
    <Stack gap="md">
      <Title order={1}>Reports</Title>
      <Alert color="yellow" role="alert" title="Only admins see reports" maw={880}>
        The reports are about money: they are for organisation and gym admins.
      </Alert>
    </Stack>
  );
}

function Reports() {
  const user = useCurrentUser();
  const organisationId = user.current_organisation?.id ?? 0;
  const gyms = useGymOptions();
  const [search, setSearch] = useSearchParams();
  const params = readReportParams(search);
  const exporter = useReportExport();
  const set = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      // Another filter starts the list again at its first page.
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const months = monthChoices();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Reports</Title>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(
              { report: params.report, query: exportQuery(params) },
              {
                onError: (error) =>
                  notifyError(
                    error,
                    `Could not download the ${REPORT_TITLES[params.report].toLowerCase()} report`,
                  ),
              },
            )
          }
        >
          Download {REPORT_TITLES[params.report].toLowerCase()} (CSV)
        </Button>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Showing"
          data={[
            { value: '', label: user.is_organisation_admin ? 'Whole organisation' : 'All my gyms' },
            ...gyms.map((gym) => ({ value: String(gym.id), label: gym.name })),
          ]}
          value={params.gymId === null ? '' : String(params.gymId)}
          onChange={(value) => set({ gym: value ?? '' })}
          allowDeselect={false}
          w={220}
        />
        {MONTHLY.includes(params.report) ? (
          <>
            <Select
              label="From"
              placeholder="12 months ago"
              data={months}
              value={params.from}
              onChange={(value) => set({ from: value })}
              clearable
              w={170}
            />
            <Select
              label="To"
              placeholder="This month"
              data={months}
              value={params.to}
              onChange={(value) => set({ to: value })}
              clearable
              w={170}
            />
          </>
        ) : null}
      </Group>
      <Tabs
        value={params.report}
        onChange={(value) => set({ report: value === 'recurring-revenue' ? null : value, bucket: null })}
        keepMounted={false}
      >
        <Group gap="xs" align="center" wrap="nowrap" style={{ overflowX: 'auto' }}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {REPORTS.map((report) => (
              <Tabs.Tab key={report} value={report}>
                {REPORT_TITLES[report]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Anchor
            component={Link}
            to={`${route('reports')}/at-risk`}
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            px="sm"
          >
            At risk
          </Anchor>
        </Group>
        <Tabs.Panel value="recurring-revenue" pt="md">
          <RecurringRevenueReport organisationId={organisationId} query={monthlyQuery(params)} />
        </Tabs.Panel>
        <Tabs.Panel value="churn" pt="md">
          <ChurnReport organisationId={organisationId} query={monthlyQuery(params)} />
        </Tabs.Panel>
        <Tabs.Panel value="collections" pt="md">
          <CollectionsReport organisationId={organisationId} query={monthlyQuery(params)} />
        </Tabs.Panel>
        <Tabs.Panel value="debtors" pt="md">
          <DebtorsReport
            organisationId={organisationId}
            query={debtorsQuery(params)}
            bucket={params.bucket}
            onBucket={(bucket) => set({ bucket })}
            onPage={(page) => set({ page: page > 1 ? String(page) : null })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="forecast" pt="md">
          <ForecastReport
            organisationId={organisationId}
            query={forecastQuery(params)}
            days={params.days}
            onDays={(days) => set({ days: days === 30 ? null : String(days) })}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
