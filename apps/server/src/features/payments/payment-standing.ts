// The Payment fields of the specification (section 3) that are not the payment's own columns: what is
// still to be done about it, what its charge still owes, the gym account it is paid into, its term's
// dates. Worked out by the domain's rules (@gym/domain/payment-tasks: the retry schedule, failure
// classes and `arrears`) from one query per page of payments, for every payment answer.
import { type PaymentMeta, type PaymentStanding, paymentMetaSchema } from '@gym/domain/api/payments';
import { type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { formatMoney } from '@gym/domain/money';
import { type ChargeFacts, chargeArrears, paymentTasks } from '@gym/domain/payment-tasks';
import type { Executor } from '../../db/client';
import { type PaymentStandingRow, paymentStandings } from './payments.repository';

/** The keys of the stored meta the answer names, each kept only when it has the documented shape. */
function presentMeta(stored: Record<string, unknown> | null): PaymentMeta {
  const meta: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(paymentMetaSchema.shape)) {
    const value = stored?.[key];
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined) meta[key] = parsed.data;
  }
  return meta as PaymentMeta;
}

function chargeFacts(row: PaymentStandingRow): ChargeFacts | null {
  if (row.charge_id === null) return null;
  return {
    kind: row.charge_kind ?? 'period',
    status: row.charge_status ?? 'unpaid',
    dueDate: row.charge_due_date as CalendarDate,
    total: Number(row.charge_total ?? 0),
    firstFailedOn:
      row.charge_first_failed_at === null ? null : toCalendarDate(new Date(row.charge_first_failed_at)),
    subscriptionCancelled: row.subscription_cancelled ?? false,
    retriesMade: Number(row.retries_made ?? 0),
    inFlight: row.in_flight ?? false,
    lastFailureCode: row.last_error_status,
  };
}

function presentStanding(row: PaymentStandingRow): PaymentStanding {
  const charge = chargeFacts(row);
  const owed = chargeArrears(charge);
  return {
    tasks: paymentTasks({
      status: row.status,
      errorStatus: row.error_status,
      latest: row.latest_attempt_id === null || row.latest_attempt_id === row.payment_id,
      charge,
    }),
    destination_account:
      row.destination_account_id === null
        ? null
        : {
            id: row.destination_account_id,
            name: row.destination_account_name ?? '',
            bank_account_number: row.destination_account_number ?? '',
          },
    is_term_membership: row.is_term_membership,
    cooling_period_ends_at: row.is_term_membership ? row.cooling_period_ends_at : null,
    term_ends_at: row.is_term_membership ? row.term_ends_at : null,
    balance_owing: owed.balanceOwing,
    formatted_balance_owing: formatMoney(owed.balanceOwing),
    periods_owing: owed.periodsOwing,
    force_amount: row.force_amount === null ? null : Number(row.force_amount),
    meta: presentMeta(row.meta),
  };
}

/** The standing of each payment of `ids`, by payment id: one query for a whole page. */
export async function standingsOf(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
): Promise<Map<number, PaymentStanding>> {
  const rows = await paymentStandings(db, organisationId, ids);
  return new Map(rows.map((row) => [row.payment_id, presentStanding(row)]));
}

/** The standing of one payment read a moment ago (it is there: the caller just found it). */
export function standingOf(standings: Map<number, PaymentStanding>, id: number): PaymentStanding {
  const standing = standings.get(id);
  if (!standing) throw new Error(`Payment ${id} has no standing`);
  return standing;
}
