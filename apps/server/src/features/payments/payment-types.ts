// Members' payment methods as the specification's Payment type (section 3): id, type, and the model
// (the bank account with its meta, or the card with its type). One query for any number of members, so
// the member's detail, the member's payment methods and the current user answer them the same way.
import type { PaymentType } from '@gym/domain/api/members';
import { declinedAtConfirmation } from '@gym/domain/payment-method';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';

export interface PaymentTypeRow {
  id: number;
  user_id: number;
  type: 'bank_account' | 'stripe_card';
  created_at: Date | string;
  account_number: string | null;
  account_name: string | null;
  account_status: string | null;
  account_meta: Record<string, unknown> | null;
  brand: string | null;
  exp_month: number | null;
  exp_year: number | null;
  last_four: string | null;
  country: string | null;
  /** The latest declined attempt made by confirming with it (the join site's "Confirm and pay"). */
  confirm_declined_at: Date | string | null;
  /** Any attempt by it settled or still on its way. */
  ever_paid_or_pending: boolean;
}

/** The live payment methods of each user of `userIds`, newest first: the statement, for composing. */
export function paymentTypeRowsSql(organisationId: number, userIds: readonly number[]) {
  return sql`select pt.id::int, pt.user_id::int, pt.type, pt.created_at, ba.account_number, ba.name as account_name,
          ba.status as account_status, ba.meta as account_meta, c.brand, c.exp_month, c.exp_year, c.last_four,
          c.country,
          (select max(p.updated_at) from payments p
            where p.organisation_id = pt.organisation_id and p.user_id = pt.user_id
              and p.payment_type_id = pt.id and p.meta ? 'confirm_key'
              and p.status in ('failed', 'declined', 'error')) as confirm_declined_at,
          exists (select 1 from payments p
            where p.organisation_id = pt.organisation_id and p.user_id = pt.user_id
              and p.payment_type_id = pt.id
              and p.status in ('sent', 'pending_request', 'upcoming')) as ever_paid_or_pending
        from payment_types pt
        left join bank_accounts ba on ba.payment_type_id = pt.id
        left join cards c on c.payment_type_id = pt.id
        where pt.organisation_id = ${organisationId} and pt.user_id in ${idList(userIds)}
          and pt.deleted_at is null
        order by pt.created_at desc, pt.id desc`;
}

function paymentTypeRows(db: Executor, organisationId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([] as PaymentTypeRow[]);
  return queryRows<PaymentTypeRow>(db, paymentTypeRowsSql(organisationId, userIds));
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

function presentPaymentType(row: PaymentTypeRow, defaultPaymentTypeId: number | null): PaymentType {
  return {
    id: row.id,
    type: row.type,
    is_default: defaultPaymentTypeId === row.id,
    created_at: new Date(row.created_at).toISOString(),
    model:
      row.type === 'bank_account' && row.account_number !== null
        ? {
            kind: 'bank_account' as const,
            account_number: row.account_number,
            name: row.account_name ?? '',
            status: row.account_status ?? '',
            meta: { bank: text(row.account_meta?.bank), holder: text(row.account_meta?.holder) },
          }
        : row.type === 'stripe_card' && row.last_four !== null
          ? {
              kind: 'stripe_card' as const,
              type: row.brand ?? '',
              brand: row.brand ?? '',
              exp_month: Number(row.exp_month),
              exp_year: Number(row.exp_year),
              last_four: row.last_four,
              country: row.country,
            }
          : null,
    declined_at: declinedAtConfirmation({
      confirmDeclinedAt: row.confirm_declined_at,
      everPaidOrPending: Boolean(row.ever_paid_or_pending),
    }),
  };
}

/** Each member's payment methods (by user id; none: an empty list), the default of each marked. */
export async function paymentTypesOf(
  db: Executor,
  organisationId: number,
  members: readonly { id: number; defaultPaymentTypeId: number | null }[],
): Promise<Map<number, PaymentType[]>> {
  const rows = await paymentTypeRows(
    db,
    organisationId,
    members.map((m) => m.id),
  );
  return presentPaymentTypes(rows, members);
}

/** The rows of `paymentTypeRowsSql` (as read, or as JSON text) by member, the default of each marked. */
export function presentPaymentTypes(
  rows: readonly PaymentTypeRow[],
  members: readonly { id: number; defaultPaymentTypeId: number | null }[],
): Map<number, PaymentType[]> {
  const defaults = new Map(members.map((m) => [m.id, m.defaultPaymentTypeId]));
  const byUser = new Map<number, PaymentType[]>(members.map((m) => [m.id, []]));
  for (const row of rows)
    byUser.get(row.user_id)?.push(presentPaymentType(row, defaults.get(row.user_id) ?? null));
  return byUser;
}
