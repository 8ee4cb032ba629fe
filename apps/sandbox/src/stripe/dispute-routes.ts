// Disputes, as Stripe's testing cards make them: a charge of 4000000000000259 (fraudulent) or
// 4000000000002685 (product not received) succeeds and is then disputed (`charge.dispute.created`, the
// amount taken back from the account). Submitting evidence decides it as in Stripe's test mode:
// `evidence[uncategorized_text]` = `winning_evidence` wins, `losing_evidence` loses
// (`charge.dispute.closed`); anything else just updates it.
import type { FastifyInstance } from 'fastify';
import { obj, str, stringMap } from '../shared/form-body';
import { stripeId } from '../shared/ids';
import { nowUnix, type StripeContext } from './context';
import { invalidRequest } from './errors';
import { emitStripeEvent } from './events';
import { listPage } from './list-page';
import { findScoped, listScoped } from './lookups';
import { type StripeCall, stripeRoute } from './route';
import type { Scoped } from './state';
import type { Charge, Dispute } from './types';

/** How long after the charge the cardholder's bank opens the dispute (simulated time). */
export const DISPUTE_AFTER_MS = 60 * 1000;

const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;

/** Opens a dispute on a succeeded charge (scheduled by the charge engine for the dispute cards). */
export function openDispute(ctx: StripeContext, scoped: Scoped<Charge>, reason: string): Dispute {
  const charge = scoped.value;
  const created = nowUnix(ctx);
  const dispute: Dispute = {
    id: stripeId('du'),
    object: 'dispute',
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: {
      ...Object.fromEntries(EVIDENCE_FIELDS.map((k) => [k, null])),
      enhanced_evidence: {},
    } as Dispute['evidence'],
    evidence_details: {
      due_by: created + 7 * 24 * 60 * 60,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: null,
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason,
    status: 'needs_response',
  };
  ctx.state.disputes.set(dispute.id, { account: scoped.account, value: dispute });
  charge.disputed = true;
  emitStripeEvent(ctx, { account: scoped.account }, 'charge.dispute.created', dispute);
  return dispute;
}

export function registerDisputeRoutes(app: FastifyInstance, ctx: StripeContext): void {
  const find = (call: StripeCall) =>
    findScoped(ctx.state.disputes, call.pathParams.id, call.account, 'dispute', 'dispute');

  stripeRoute(app, ctx, 'GET', '/v1/disputes/:id', (call) => find(call).value);
  stripeRoute(app, ctx, 'GET', '/v1/disputes', ({ params, account }) =>
    listPage('/v1/disputes', listScoped(ctx.state.disputes, account), params, 'dispute'),
  );
  stripeRoute(app, ctx, 'POST', '/v1/disputes/:id', (call) => {
    const dispute = find(call).value;
    if (['won', 'lost', 'warning_closed'].includes(dispute.status)) {
      throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'dispute' });
    }
    const given = obj(call.params.evidence);
    for (const field of EVIDENCE_FIELDS) {
      const value = str(given[field]);
      if (value !== undefined) (dispute.evidence as Record<string, unknown>)[field] = value;
    }
    if (call.params.metadata !== undefined)
      dispute.metadata = { ...dispute.metadata, ...stringMap(call.params.metadata) };
    const source = { account: call.account, call };
    const submit = str(call.params.submit) !== 'false';
    const text = str(given.uncategorized_text);
    dispute.evidence_details.has_evidence = EVIDENCE_FIELDS.some(
      (f) => (dispute.evidence as Record<string, unknown>)[f] !== null,
    );
    if (submit && (text === 'winning_evidence' || text === 'losing_evidence')) {
      dispute.evidence_details.submission_count += 1;
      dispute.status = text === 'winning_evidence' ? 'won' : 'lost';
      emitStripeEvent(ctx, source, 'charge.dispute.closed', dispute);
      return dispute;
    }
    if (submit) {
      dispute.evidence_details.submission_count += 1;
      dispute.status = 'under_review';
    }
    emitStripeEvent(ctx, source, 'charge.dispute.updated', dispute);
    return dispute;
  });
  stripeRoute(app, ctx, 'POST', '/v1/disputes/:id/close', (call) => {
    const dispute = find(call).value;
    if (['won', 'lost'].includes(dispute.status))
      throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'dispute' });
    // Accepting the dispute: the gym does not contest it, so it is lost.
    dispute.status = 'lost';
    emitStripeEvent(ctx, { account: call.account, call }, 'charge.dispute.closed', dispute);
    return dispute;
  });
}
