// POST /api/payments/export: the filtered payments as CSV, newest first, in the columns a gym's
// bookkeeper matches against the bank statement (date and time in Auckland, dollars with cents, the
// reference the bank shows, the providers' ids), in the one export format (export-format.ts). Streamed a
// batch at a time.
import {
  PAYMENT_EXPORT_COLUMNS,
  PAYMENT_STATUS_GROUP_LABELS,
  type PaymentFilters,
  paymentTypeLabel,
} from '@gym/domain/api/payments';
import { statementText } from '@gym/domain/bank-statement';
import { exportAmount, exportDate, exportTime, exportYesNo } from '@gym/domain/export-format';
import type { Executor } from '../../db/client';
import { csvStream } from './csv-stream';
import { statusGroupOf } from './payments.presenter';
import {
  type ExportCursor,
  exportBatch,
  type PaymentListRow,
  type PaymentScope,
} from './payments.repository';

export const EXPORT_BATCH = 1000;

/** 'Failed', or the group with the provider's own word when it says more ('Failed (declined)'). */
function statusText(status: string): string {
  const group = statusGroupOf(status);
  const label = PAYMENT_STATUS_GROUP_LABELS[group];
  return PLAIN_STATUSES.has(status) ? label : `${label} (${status.replaceAll('_', ' ')})`;
}
const PLAIN_STATUSES = new Set(['sent', 'failed', 'upcoming', 'pending_request']);

function paymentExportCells(row: PaymentListRow) {
  const at = new Date(row.created_at);
  const amount = Number(row.amount);
  const surcharge = Number(row.surcharge);
  return [
    row.id,
    exportDate(at),
    exportTime(at),
    row.user_name,
    row.user_email,
    row.gym_name,
    paymentTypeLabel(row.type),
    statusText(row.status),
    exportAmount(amount),
    exportAmount(surcharge),
    exportAmount(amount + surcharge),
    exportDate(row.period_start_at),
    exportDate(row.period_end_at),
    exportYesNo(row.is_retry),
    exportYesNo(row.is_pro_rata),
    // What a bank payment carries as its reference (attempts.service.ts): the member's number.
    row.type === 'bank_account' ? statementText(`M${row.user_id}`) : '',
    row.akahu_id,
    row.stripe_id,
    row.error_status,
    row.error_description,
    row.processed_by_name,
  ];
}

export function paymentsCsv(db: Executor, scope: PaymentScope, filters: PaymentFilters) {
  return csvStream<PaymentListRow & { created_key: string }, ExportCursor>({
    header: PAYMENT_EXPORT_COLUMNS,
    batchSize: EXPORT_BATCH,
    next: (after) => exportBatch(db, scope, filters, after, EXPORT_BATCH),
    cursorOf: (row) => ({ createdAt: row.created_key, id: row.id }),
    cells: paymentExportCells,
  });
}
