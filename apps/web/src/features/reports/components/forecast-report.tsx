// Forecast: what the billing rules call to be collected each day of the coming days (pauses, price
// changes and term ends applied), against what was collected on the same days a month before.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import { BarChart } from '@mantine/charts';
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Query } from '@/config/paths';
import { type Forecast, useForecast } from '../api/reports-api';
import { FORECAST_DAYS } from '../lib/report-params';
import { dollars, FigureCard, ReportPanel, ReportTable } from './report-panel';

const short = (day: string) => formatDate(day as CalendarDate, 'short');
const isEmpty = (r: Forecast) => r.expected.count === 0 && r.collected_last_month.count === 0;

export function ForecastReport({
  organisationId,
  query,
  days,
  onDays,
}: {
  organisationId: number;
  query: Query;
  days: number;
  onDays(days: number): void;
}) {
  const report = useForecast(organisationId, query);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="forecast-days">
          Looking ahead
        </Text>
        <SegmentedControl
          aria-labelledby="forecast-days"
          data={FORECAST_DAYS.map((d) => ({ value: d, label: `${d} days` }))}
          value={String(days)}
          onChange={(value) => onDays(Number(value))}
          maw={420}
        />
      </Stack>
      <ReportPanel
        title="Forecast"
        query={report}
        isEmpty={isEmpty}
        empty="Nothing is due in these days, and nothing was collected on them last month."
      >
        {(r) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <FigureCard
                label="Expected"
                value={formatMoney(r.expected.amount)}
                hint={`${r.expected.count} charges, ${short(r.from)} to ${short(r.to)}`}
              />
              <FigureCard
                label="Collected the same days last month"
                value={formatMoney(r.collected_last_month.amount)}
                hint={`${r.collected_last_month.count} payments`}
              />
            </SimpleGrid>
            <BarChart
              h={260}
              data={r.days.map((d) => ({
                day: short(d.day),
                Expected: dollars(d.expected.amount),
                'Last month': dollars(d.collected_last_month.amount),
              }))}
              dataKey="day"
              series={[
                { name: 'Expected', color: 'teal.6' },
                { name: 'Last month', color: 'gray.5' },
              ]}
              withLegend
              valueFormatter={(v) => formatMoney(Math.round(v * 100))}
              yAxisProps={{ width: 88 }}
              role="img"
              aria-label={`Expected each day against last month: ${r.days
                .filter((d) => d.expected.count > 0 || d.collected_last_month.count > 0)
                .map(
                  (d) =>
                    `${short(d.day)} ${formatMoney(d.expected.amount)} against ${formatMoney(d.collected_last_month.amount)}`,
                )
                .join(', ')}`}
            />
            <ReportTable
              label="Forecast by day"
              rows={r.days}
              rowKey={(d) => d.day}
              columns={[
                { label: 'Day', cell: (d) => short(d.day) },
                { label: 'Charges', cell: (d) => d.expected.count, numeric: true },
                { label: 'Expected', cell: (d) => formatMoney(d.expected.amount), numeric: true },
                { label: 'Same day last month', cell: (d) => short(d.last_month_day) },
                {
                  label: 'Collected then',
                  cell: (d) => formatMoney(d.collected_last_month.amount),
                  numeric: true,
                },
              ]}
            />
          </Stack>
        )}
      </ReportPanel>
    </Stack>
  );
}
