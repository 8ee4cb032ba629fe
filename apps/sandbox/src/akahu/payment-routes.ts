// /v1/payments: create (idempotent by `Idempotency-Key`), list, get and cancel.
import type { FastifyInstance } from 'fastify';
import { akahuId } from '../shared/ids';
import { requireUser } from './auth';
import type { AkahuContext } from './context';
import { akahuError, notFound } from './errors';
import { readPaymentRequest } from './payment-request';
import { applyOutcome, newSid, schedulePayment } from './payments';
import type { AkahuToken, PaymentRecord } from './state';

type IdParams = { Params: { id: string } };

function recordOf(ctx: AkahuContext, token: AkahuToken, id: string): PaymentRecord {
  const record = ctx.state.payments.get(id);
  if (!record || record.appToken !== token.appToken || record.userId !== token.userId) throw notFound();
  return record;
}

export function registerPaymentRoutes(app: FastifyInstance, ctx: AkahuContext): void {
  app.post('/v1/payments', async (request) => {
    const { token } = requireUser(ctx, request);
    const input = readPaymentRequest(request.body);
    const fingerprint = JSON.stringify(input);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key ? key : null;
    if (idempotencyKey) {
      const earlier = ctx.state.paymentsByKey.get(`${token.appToken} ${token.userId} ${idempotencyKey}`);
      if (earlier && earlier.fingerprint !== fingerprint) {
        throw akahuError(409, 'This Idempotency-Key was already used for a different payment.');
      }
      if (earlier) return { success: true, item: earlier.payment };
    }
    const account = token.accountIds.includes(input.from) ? ctx.state.accounts.get(input.from) : undefined;
    if (!account) throw akahuError(400, 'payload.from must be an account the user has connected');
    if (!account.attributes.includes('PAYMENT_FROM')) {
      throw akahuError(400, 'payload.from account does not support payments (PAYMENT_FROM)');
    }
    const now = ctx.runtime.clock.now().toISOString();
    const record: PaymentRecord = {
      appToken: token.appToken,
      userId: token.userId,
      idempotencyKey,
      fingerprint,
      payment: {
        _id: akahuId('payment'),
        from: input.from,
        to: input.to,
        amount: input.amount,
        meta: input.meta,
        sid: newSid(),
        status: 'READY',
        final: false,
        timeline: [{ status: 'READY', time: now }],
        created_at: now,
        updated_at: now,
      },
    };
    ctx.state.payments.set(record.payment._id, record);
    if (idempotencyKey)
      ctx.state.paymentsByKey.set(`${token.appToken} ${token.userId} ${idempotencyKey}`, record);
    schedulePayment(ctx, record);
    return { success: true, item: record.payment };
  });

  app.get('/v1/payments', async (request) => {
    const { token } = requireUser(ctx, request);
    const query = request.query as Record<string, unknown>;
    const now = ctx.runtime.clock.nowMs();
    const start = typeof query.start === 'string' ? Date.parse(query.start) : now - 30 * 86_400_000;
    const end = typeof query.end === 'string' ? Date.parse(query.end) : now;
    const items = [...ctx.state.payments.values()]
      .filter((r) => r.appToken === token.appToken && r.userId === token.userId)
      .map((r) => r.payment)
      .filter((p) => Date.parse(p.created_at) >= start && Date.parse(p.created_at) <= end);
    return { success: true, items };
  });

  app.get<IdParams>('/v1/payments/:id', async (request) => {
    const { token } = requireUser(ctx, request);
    return { success: true, item: recordOf(ctx, token, request.params.id).payment };
  });

  const cancel = async (request: { params: { id: string } } & Parameters<typeof requireUser>[1]) => {
    const { token } = requireUser(ctx, request);
    const record = recordOf(ctx, token, request.params.id);
    if (record.payment.status !== 'PENDING_APPROVAL' && record.payment.status !== 'PAUSED') {
      throw akahuError(400, `A payment with status ${record.payment.status} cannot be cancelled`);
    }
    applyOutcome(ctx, record, { status: 'CANCELLED', status_code: 'APP_CANCELLED' });
    return { success: true };
  };
  app.put<IdParams>('/v1/payments/:id/cancel', cancel);
  app.put<IdParams>('/v1/payments/:id', cancel);
}
