// Debtors: everyone owing, aged (under 7, 7–14, 15–30, over 30 days), with their grace end and the
// last payment mail sent, a page at a time; the age buckets filter the list.

import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate, formatDateTime } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import type { DebtAgeBucket } from '@gym/domain/report-rules';
import { DEBT_AGE_BUCKET_LABELS } from '@gym/domain/report-rules';
import { BarChart } from '@mantine/charts';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { ListPagination } from '@/components/ui/list-pagination';
import { RouteLink } from '@/components/ui/route-link';
import type { Query } from '@/config/paths';
import { type DebtorsAnswer, useDebtors } from '../api/reports-api';
import { dollars, ReportPanel, ReportTable } from './report-panel';

const REMINDERS: Record<string, string> = {
  payment_failed: 'Payment failed',
  first_payment_failed: 'First payment failed',
  grace_ending: 'Grace ending',
  payment_reminder: 'Payment due',
  cancelled_non_payment: 'Cancelled for non-payment',
};

const date = (day: string | null) => (day === null ? '–' : formatDate(day as CalendarDate));

export function DebtorsReport({
  organisationId,
  query,
  bucket,
  onBucket,
  onPage,
}: {
  organisationId: number;
  query: Query;
  bucket: DebtAgeBucket | null;
  onBucket(bucket: DebtAgeBucket | null): void;
  onPage(page: number): void;
}) {
  const report = useDebtors(organisationId, query);
  const isEmpty = (r: DebtorsAnswer) => r.buckets.every((b) => b.count === 0);
  return (
    <ReportPanel title="Debtors" query={report} isEmpty={isEmpty} empty="Nobody owes anything.">
      {(r) => (
        <Stack gap="md">
          <BarChart
            h={200}
            data={r.buckets.map((b) => ({ age: b.label, Owing: dollars(b.amount) }))}
            dataKey="age"
            series={[{ name: 'Owing', color: 'orange.6' }]}
            valueFormatter={(v) => formatMoney(Math.round(v * 100))}
            yAxisProps={{ width: 88 }}
            role="img"
            aria-label={`What is owed by age: ${r.buckets.map((b) => `${b.label} ${formatMoney(b.amount)} by ${b.count}`).join(', ')}`}
          />
          <ReportTable
            label="Owing by age"
            rows={r.buckets}
            rowKey={(b) => b.bucket}
            minWidth={360}
            columns={[
              { label: 'Owing for', cell: (b) => b.label },
              { label: 'Members', cell: (b) => b.count, numeric: true },
              { label: 'Owing', cell: (b) => formatMoney(b.amount), numeric: true },
            ]}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="debtors-age">
              Show
            </Text>
            <SegmentedControl
              aria-labelledby="debtors-age"
              data={[
                { value: '', label: 'Everyone' },
                ...r.buckets.map((b) => ({ value: b.bucket, label: DEBT_AGE_BUCKET_LABELS[b.bucket] })),
              ]}
              value={bucket ?? ''}
              onChange={(value) => onBucket(value === '' ? null : (value as DebtAgeBucket))}
              fullWidth
              orientation="horizontal"
              style={{ flexWrap: 'wrap' }}
            />
          </Stack>
          {r.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody owes for that long.
            </Text>
          ) : (
            <ReportTable
              label="Everyone owing"
              rows={r.data}
              rowKey={(d) => d.subscription_id}
              minWidth={980}
              columns={[
                {
                  label: 'Member',
                  cell: (d) => (
                    <RouteLink to="members.show" params={{ id: d.user_id }}>
                      {d.name}
                    </RouteLink>
                  ),
                },
                { label: 'Gym', cell: (d) => d.gym },
                { label: 'Owing', cell: (d) => formatMoney(d.balance_owing), numeric: true },
                { label: 'Since', cell: (d) => date(d.owing_since) },
                { label: 'Days', cell: (d) => d.days_owed, numeric: true },
                { label: 'Age', cell: (d) => DEBT_AGE_BUCKET_LABELS[d.bucket] },
                { label: 'Grace ends', cell: (d) => date(d.grace_period_ends_at) },
                {
                  label: 'Last reminder',
                  cell: (d) =>
                    d.last_reminder === null
                      ? 'None sent'
                      : `${REMINDERS[d.last_reminder] ?? d.last_reminder}, ${formatDateTime(new Date(d.last_reminder_at!))}`,
                },
              ]}
            />
          )}
          <ListPagination meta={r.meta} noun="members owing" onPage={onPage} />
        </Stack>
      )}
    </ReportPanel>
  );
}
