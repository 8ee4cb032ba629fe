// Collections: what fell due and where it went (collected first time, recovered by retries, by the
// member or by staff, written off, still owed), month by month, per rail and per failure kind, with the
// recovery rate.
import { formatMoney } from '@gym/domain/money';
import { formatRate } from '@gym/domain/report-rules';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import type { Query } from '@/config/paths';
import { type Collections, type CollectionsFigures, useCollections } from '../api/reports-api';
import { monthLabel } from '../lib/report-params';
import { type Column, dollars, FigureCard, ReportPanel, ReportTable } from './report-panel';

const OUTCOMES = [
  { key: 'first_time', label: 'First time', color: 'teal.6' },
  { key: 'by_retries', label: 'By retries', color: 'blue.6' },
  { key: 'by_member', label: 'By the member', color: 'cyan.6' },
  { key: 'by_staff', label: 'By staff', color: 'violet.6' },
  { key: 'written_off', label: 'Written off', color: 'red.6' },
  { key: 'outstanding', label: 'Still owed', color: 'orange.6' },
  { key: 'pending', label: 'Not yet due or on its way', color: 'gray.5' },
] as const;

const figure = (f: { count: number; amount: number }) => `${formatMoney(f.amount)} (${f.count})`;

function figureColumns<R extends CollectionsFigures>(): Column<R>[] {
  return [
    { label: 'Fell due', cell: (r) => figure(r.due), numeric: true },
    ...OUTCOMES.map((o) => ({ label: o.label, cell: (r: R) => figure(r[o.key]), numeric: true })),
    { label: 'Recovery rate', cell: (r) => formatRate(r.recovery_rate), numeric: true },
  ];
}

const isEmpty = (r: Collections) => r.total.due.count === 0;

export function CollectionsReport({ organisationId, query }: { organisationId: number; query: Query }) {
  const report = useCollections(organisationId, query);
  return (
    <ReportPanel
      title="Collections"
      query={report}
      isEmpty={isEmpty}
      empty="Nothing fell due in this period."
    >
      {(r) => {
        const recovered = r.total.by_retries.amount + r.total.by_member.amount + r.total.by_staff.amount;
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <FigureCard
                label="Fell due"
                value={formatMoney(r.total.due.amount)}
                hint={`${r.total.due.count} charges`}
              />
              <FigureCard label="Collected first time" value={formatMoney(r.total.first_time.amount)} />
              <FigureCard
                label="Recovered"
                value={formatMoney(recovered)}
                hint={`of ${formatMoney(r.total.failed.amount)} failed`}
              />
              <FigureCard label="Recovery rate" value={formatRate(r.total.recovery_rate)} />
            </SimpleGrid>
            <BarChart
              h={260}
              type="stacked"
              data={r.months.map((m) => ({
                month: monthLabel(m.month),
                ...Object.fromEntries(OUTCOMES.map((o) => [o.label, dollars(m[o.key].amount)])),
              }))}
              dataKey="month"
              series={OUTCOMES.map((o) => ({ name: o.label, color: o.color }))}
              withLegend
              valueFormatter={(v) => formatMoney(Math.round(v * 100))}
              yAxisProps={{ width: 88 }}
              role="img"
              aria-label={`What fell due each month and where it went: ${r.months
                .map(
                  (m) =>
                    `${monthLabel(m.month)} ${formatMoney(m.due.amount)} due, ${formatMoney(m.first_time.amount)} first time`,
                )
                .join(', ')}`}
            />
            <ReportTable
              label="Collections by month"
              rows={r.months}
              rowKey={(m) => m.month}
              minWidth={1100}
              columns={[
                { label: 'Month', cell: (m) => monthLabel(m.month) },
                ...figureColumns<(typeof r.months)[number]>(),
              ]}
            />
            <ReportTable
              label="Collections by rail"
              rows={r.rails.filter((x) => x.due.count > 0)}
              rowKey={(x) => x.rail}
              minWidth={1100}
              columns={[
                { label: 'Rail', cell: (x) => x.label },
                ...figureColumns<(typeof r.rails)[number]>(),
              ]}
            />
            {r.failures.length > 0 ? (
              <ReportTable
                label="Failed charges by failure"
                rows={r.failures}
                rowKey={(x) => x.code}
                minWidth={1100}
                columns={[
                  {
                    label: 'Failure',
                    cell: (x) => `${x.label} (${x.kind === 'hard' ? 'needs the member' : 'retried'})`,
                  },
                  ...figureColumns<(typeof r.failures)[number]>(),
                ]}
              />
            ) : null}
          </Stack>
        );
      }}
    </ReportPanel>
  );
}
