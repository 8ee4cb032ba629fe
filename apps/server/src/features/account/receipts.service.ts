// The member's payments in plain words and a receipt for each collected one: New Zealand taxable supply
// information by the domain's rule (`taxableSupply`), the same lines the emailed receipt carries.
import type { AccountPayment, Receipt } from '@gym/domain/api/account';
import { addDays, toCalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import { savedMethodLabel } from '@gym/domain/payment-method';
import { taxableSupply } from '@gym/domain/receipt';
import { classifyPaymentStatus } from '@gym/domain/subscription-state';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { notFound } from '../../http/app-error';
import * as repo from './account.repository';

const COLLECTED = new Set(['sent', 'refunded']);

function describePayment(p: repo.AccountPaymentRow): string {
  if (p.kind === 'break_fee') return 'Break fee for leaving the term early';
  const what = p.offering_name ? `${p.offering_name} membership` : 'Membership';
  const period = p.period_start_at
    ? p.period_end_at
      ? `, ${formatDate(p.period_start_at)} to ${formatDate(addDays(p.period_end_at, -1))}`
      : `, from ${formatDate(p.period_start_at)}`
    : '';
  const fee = Number(p.meta?.joining_fee ?? 0);
  return `${what}${period}${Number.isSafeInteger(fee) && fee > 0 ? ` (joining fee ${formatMoney(fee)} included)` : ''}`;
}

export function statusText(p: Pick<repo.AccountPaymentRow, 'status' | 'error_description'>): string {
  if (p.status === 'refunded') return 'Paid, then partly refunded';
  switch (classifyPaymentStatus(p.status)) {
    case 'successful':
      return 'Paid';
    case 'pending':
      return 'Processing: your bank or card provider has not answered yet';
    case 'upcoming':
      return 'Scheduled';
    default:
      return p.error_description ? `Did not go through: ${p.error_description}` : 'Did not go through';
  }
}

const present = (p: repo.AccountPaymentRow): AccountPayment => {
  const total = Number(p.amount) + Number(p.surcharge);
  return {
    id: p.id,
    created_at: new Date(p.created_at).toISOString(),
    description: describePayment(p),
    total,
    formatted_total: formatMoney(total),
    status: p.status,
    status_text: statusText(p),
    has_receipt: COLLECTED.has(p.status),
  };
};

export async function paymentsPage(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  page: { limit: number; offset: number },
) {
  const rows = await repo.paymentsOf(deps.db, actor.auth.organisationId, actor.auth.user.id, page);
  return { rows: rows.map(present), total: Number(rows[0]?.total ?? 0) };
}

export async function receiptOf(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  paymentId: number,
): Promise<Receipt> {
  const { auth } = actor;
  const p = await repo.paymentOf(deps.db, auth.organisationId, auth.user.id, paymentId);
  if (!p) throw notFound('Payment not found.');
  if (!COLLECTED.has(p.status)) throw notFound('This payment was not collected, so it has no receipt.');
  const org = await repo.organisationSettings(deps.db, auth.organisationId);
  const total = Number(p.amount) + Number(p.surcharge);
  // A payment's success is its last update (a refund updates it again, so the creation date stands in).
  const paidAt = new Date(p.status === 'sent' ? p.updated_at : p.created_at);
  const address = [p.address, p.suburb, [p.city, p.post_code].filter(Boolean).join(' ')]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
  const supply = taxableSupply({
    supplierName: org.legal_name ?? org.name,
    gstNumber: org.gst_number,
    paidAt,
    description: describePayment(p),
    total,
    recipient: { name: p.member_name, address: address || null },
  });
  const refunded = Number(p.meta?.refunded ?? 0);
  return {
    payment_id: p.id,
    number: `P${p.id}`,
    supplier: {
      legal_name: org.legal_name ?? org.name,
      trading_name: p.gym_name,
      gst_number: org.gst_number,
    },
    date: toCalendarDate(paidAt),
    formatted_date: formatDate(paidAt, 'long'),
    description: describePayment(p),
    total,
    formatted_total: formatMoney(total),
    gst: supply.gst,
    formatted_gst: formatMoney(supply.gst),
    refunded: Number.isSafeInteger(refunded) ? refunded : 0,
    formatted_refunded: formatMoney(Number.isSafeInteger(refunded) ? refunded : 0),
    // A card or bank account by its one name ('Visa ending 4242'), as the join site and staff name it.
    paid_by:
      p.method ??
      savedMethodLabel({
        type: p.type,
        brand: p.card_brand,
        last_four: p.card_last_four,
        account_number: p.account_number,
      }),
    recipient: supply.recipient,
    lines: supply.lines,
  };
}
