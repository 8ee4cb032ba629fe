// Recurring revenue: MRR at each month's end, and its movement month by month (new, expansion,
// reactivated up; contraction, churned down), as charts and as a table.
import { formatMoney } from '@gym/domain/money';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import type { Query } from '@/config/paths';
import { type RecurringRevenue, useRecurringRevenue } from '../api/reports-api';
import { monthLabel } from '../lib/report-params';
import { dollars, FigureCard, ReportPanel, ReportTable } from './report-panel';

const MOVES = [
  { key: 'new', label: 'New', color: 'teal.6', sign: 1 },
  { key: 'expansion', label: 'Expansion', color: 'blue.6', sign: 1 },
  { key: 'reactivated', label: 'Reactivated', color: 'cyan.6', sign: 1 },
  { key: 'contraction', label: 'Contraction', color: 'orange.6', sign: -1 },
  { key: 'churned', label: 'Churned', color: 'red.6', sign: -1 },
] as const;

const isEmpty = (r: RecurringRevenue) =>
  r.opening_mrr === 0 && r.months.every((m) => m.mrr === 0 && m.net === 0);

export function RecurringRevenueReport({ organisationId, query }: { organisationId: number; query: Query }) {
  const report = useRecurringRevenue(organisationId, query);
  return (
    <ReportPanel
      title="Recurring revenue"
      query={report}
      isEmpty={isEmpty}
      empty="No memberships were paying in this period."
    >
      {(r) => {
        const last = r.months.at(-1);
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <FigureCard
                label="MRR now"
                value={formatMoney(last?.mrr ?? 0)}
                hint={`${last?.members ?? 0} members paying`}
              />
              <FigureCard label="At the start" value={formatMoney(r.opening_mrr)} />
              <FigureCard
                label="Change in the period"
                value={formatMoney((last?.mrr ?? 0) - r.opening_mrr)}
              />
            </SimpleGrid>
            <BarChart
              h={240}
              data={r.months.map((m) => ({ month: monthLabel(m.month), MRR: dollars(m.mrr) }))}
              dataKey="month"
              series={[{ name: 'MRR', color: 'teal.6' }]}
              valueFormatter={(v) => formatMoney(Math.round(v * 100))}
              yAxisProps={{ width: 88 }}
              role="img"
              aria-label={`Monthly recurring revenue: ${r.months.map((m) => `${monthLabel(m.month)} ${formatMoney(m.mrr)}`).join(', ')}`}
            />
            <BarChart
              h={240}
              type="stacked"
              data={r.months.map((m) => ({
                month: monthLabel(m.month),
                ...Object.fromEntries(MOVES.map((mv) => [mv.label, dollars(mv.sign * m[mv.key])])),
              }))}
              dataKey="month"
              series={MOVES.map((mv) => ({ name: mv.label, color: mv.color }))}
              withLegend
              valueFormatter={(v) => formatMoney(Math.round(v * 100))}
              yAxisProps={{ width: 88 }}
              role="img"
              aria-label={`Movement of recurring revenue: ${r.months
                .map((m) => `${monthLabel(m.month)} net ${formatMoney(m.net)}`)
                .join(', ')}`}
            />
            <ReportTable
              label="Recurring revenue by month"
              rows={r.months}
              rowKey={(m) => m.month}
              minWidth={860}
              columns={[
                { label: 'Month', cell: (m) => monthLabel(m.month) },
                { label: 'MRR', cell: (m) => formatMoney(m.mrr), numeric: true },
                { label: 'Members', cell: (m) => m.members, numeric: true },
                ...MOVES.map((mv) => ({
                  label: mv.label,
                  cell: (m: RecurringRevenue['months'][number]) => formatMoney(m[mv.key]),
                  numeric: true,
                })),
                { label: 'Net change', cell: (m) => formatMoney(m.net), numeric: true },
              ]}
            />
          </Stack>
        );
      }}
    </ReportPanel>
  );
}
