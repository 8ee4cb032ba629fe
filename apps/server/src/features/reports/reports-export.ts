// Each report as CSV in the one export format (export-format.ts: dates as a New Zealander writes them,
// dollars as plain numbers, rates as percentages), written by the exports' csvStream. The monthly
// reports are one row per month (and, for collections, per rail and failure kind); the debtors list is
// read a page at a time.
import type {
  Churn,
  Collections,
  CollectionsFigures,
  Forecast,
  RecurringRevenue,
} from '@gym/domain/api/reports';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { exportAmount, exportDate, exportDateTime } from '@gym/domain/export-format';
import { centsToDollarString } from '@gym/domain/money';
import { DEBT_AGE_BUCKET_LABELS, formatRate } from '@gym/domain/report-rules';
import type { Executor } from '../../db/client';
import { csvStream } from '../payments';
import { debtors, type ReportScope } from './reports.service';

const DEBTOR_BATCH = 100;

type CsvCell = string | number | null;

/** A change that may be negative, as a number: csvStream quotes a text cell starting with '-'. */
const signedAmount = (cents: number) =>
  cents < 0 ? Number(centsToDollarString(cents)) : exportAmount(cents);

/** A report's rows, all at once (a few dozen at most). */
const rowsCsv = (header: readonly string[], rows: CsvCell[][]) =>
  csvStream<CsvCell[], number>({
    header,
    batchSize: rows.length + 1,
    next: async () => rows,
    cursorOf: () => 0,
    cells: (row) => row,
  });

export function recurringRevenueCsv(report: RecurringRevenue) {
  return rowsCsv(
    [
      'Month',
      'Monthly recurring revenue',
      'Members paying',
      'New',
      'Expansion',
      'Contraction',
      'Churned',
      'Reactivated',
      'Net change',
    ],
    report.months.map((m) => [
      m.month,
      exportAmount(m.mrr),
      m.members,
      exportAmount(m.new),
      exportAmount(m.expansion),
      exportAmount(m.contraction),
      exportAmount(m.churned),
      exportAmount(m.reactivated),
      signedAmount(m.net),
    ]),
  );
}

export function churnCsv(report: Churn) {
  return rowsCsv(
    ['Month', 'Members at start', 'Lost', 'Voluntary', 'Non-payment', 'Churn rate', 'Reasons'],
    report.months.map((m) => [
      m.month,
      m.members_at_start,
      m.lost,
      m.voluntary,
      m.non_payment,
      formatRate(m.rate),
      m.reasons.map((r) => `${r.label}: ${r.count}`).join('; '),
    ]),
  );
}

const FIGURE_COLUMNS = [
  ['due', 'Fell due'],
  ['first_time', 'Collected first time'],
  ['by_retries', 'Recovered by retries'],
  ['by_member', 'Recovered by the member'],
  ['by_staff', 'Recovered by staff'],
  ['written_off', 'Written off'],
  ['outstanding', 'Failed, still owed'],
  ['pending', 'Not yet collected'],
  ['failed', 'Failed'],
] as const;

const figureCells = (f: CollectionsFigures): CsvCell[] => [
  ...FIGURE_COLUMNS.flatMap(([key]) => [f[key].count, exportAmount(f[key].amount)]),
  formatRate(f.recovery_rate),
];

export function collectionsCsv(report: Collections) {
  return rowsCsv(
    [
      'Group',
      'Name',
      ...FIGURE_COLUMNS.flatMap(([, label]) => [`${label} (charges)`, `${label} ($)`]),
      'Recovery rate',
    ],
    [
      ['Total', `${report.period.from} to ${report.period.to}`, ...figureCells(report.total)],
      ...report.months.map((m) => ['Month', m.month, ...figureCells(m)]),
      ...report.rails.map((r) => ['Rail', r.label, ...figureCells(r)]),
      ...report.failures.map((f) => ['Failure', `${f.label} (${f.kind})`, ...figureCells(f)]),
    ],
  );
}

export function debtorsCsv(db: Executor, scope: ReportScope, today: CalendarDate) {
  return csvStream({
    header: [
      'Member',
      'Email',
      'Gym',
      'Owing ($)',
      'Periods owing',
      'Owing since',
      'Days owed',
      'Age',
      'Grace ends',
      'Last reminder',
      'Last reminder sent',
    ],
    batchSize: DEBTOR_BATCH,
    next: async (page: number | null) =>
      (await debtors(db, scope, { page: (page ?? 0) + 1, per_page: DEBTOR_BATCH }, today)).data.map((d) => ({
        ...d,
        page: (page ?? 0) + 1,
      })),
    cursorOf: (row) => row.page,
    cells: (d) => [
      d.name,
      d.email,
      d.gym,
      exportAmount(d.balance_owing),
      d.periods_owing,
      exportDate(d.owing_since as CalendarDate | null),
      d.days_owed,
      DEBT_AGE_BUCKET_LABELS[d.bucket],
      exportDate(d.grace_period_ends_at as CalendarDate | null),
      d.last_reminder?.replaceAll('_', ' ') ?? null,
      exportDateTime(d.last_reminder_at),
    ],
  });
}

export function forecastCsv(report: Forecast) {
  return rowsCsv(
    ['Day', 'Expected charges', 'Expected ($)', 'Same day last month', 'Collected payments', 'Collected ($)'],
    report.days.map((d) => [
      exportDate(d.day as CalendarDate),
      d.expected.count,
      exportAmount(d.expected.amount),
      exportDate(d.last_month_day as CalendarDate),
      d.collected_last_month.count,
      exportAmount(d.collected_last_month.amount),
    ]),
  );
}
