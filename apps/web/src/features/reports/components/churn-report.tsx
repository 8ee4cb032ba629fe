// Churn: members lost each month (voluntary and for non-payment) as a share of those at its start, and
// the cancellation reasons given.
import { formatRate } from '@gym/domain/report-rules';
import { BarChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import type { Query } from '@/config/paths';
import { type Churn, useChurn } from '../api/reports-api';
import { monthLabel } from '../lib/report-params';
import { ReportPanel, ReportTable } from './report-panel';

const isEmpty = (r: Churn) => r.months.every((m) => m.members_at_start === 0 && m.lost === 0);

export function ChurnReport({ organisationId, query }: { organisationId: number; query: Query }) {
  const report = useChurn(organisationId, query);
  return (
    <ReportPanel title="Churn" query={report} isEmpty={isEmpty} empty="No members in this period yet.">
      {(r) => (
        <Stack gap="md">
          <BarChart
            h={240}
            type="stacked"
            data={r.months.map((m) => ({
              month: monthLabel(m.month),
              Voluntary: m.voluntary,
              'Non-payment': m.non_payment,
            }))}
            dataKey="month"
            series={[
              { name: 'Voluntary', color: 'orange.6' },
              { name: 'Non-payment', color: 'red.6' },
            ]}
            withLegend
            role="img"
            aria-label={`Members lost each month: ${r.months
              .map((m) => `${monthLabel(m.month)} ${m.lost} of ${m.members_at_start} (${formatRate(m.rate)})`)
              .join(', ')}`}
          />
          <ReportTable
            label="Churn by month"
            rows={r.months}
            rowKey={(m) => m.month}
            columns={[
              { label: 'Month', cell: (m) => monthLabel(m.month) },
              { label: 'Members at start', cell: (m) => m.members_at_start, numeric: true },
              { label: 'Lost', cell: (m) => m.lost, numeric: true },
              { label: 'Voluntary', cell: (m) => m.voluntary, numeric: true },
              { label: 'Non-payment', cell: (m) => m.non_payment, numeric: true },
              { label: 'Churn rate', cell: (m) => formatRate(m.rate), numeric: true },
            ]}
          />
          {r.reasons.length > 0 ? (
            <ReportTable
              label="Cancellation reasons"
              rows={r.reasons}
              rowKey={(x) => x.reason}
              minWidth={320}
              columns={[
                { label: 'Reason', cell: (x) => x.label },
                { label: 'Members', cell: (x) => x.count, numeric: true },
              ]}
            />
          ) : null}
        </Stack>
      )}
    </ReportPanel>
  );
}
