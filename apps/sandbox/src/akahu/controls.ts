// Test and demo controls for the Akahu simulator, as a TS object and as /__sandbox HTTP endpoints.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseControl } from '../shared/control-routes';
import { ProviderHttpError } from '../shared/http';
import { registerApp, resolveApp } from './auth';
import { approveConsent } from './consent';
import type { AkahuContext } from './context';
import { findBank } from './demo-banks';
import { emitAkahuEvent, emitTokenRevoked } from './events';
import { outcomeForCode } from './payment-outcomes';
import { applyOutcome } from './payments';
import {
  type AkahuAccount,
  type AkahuPayment,
  PAYMENT_STATUS_CODES,
  type PaymentOutcome,
  type PaymentStatusCode,
} from './state';

export type OutcomeInput = PaymentStatusCode | PaymentOutcome;

export interface AkahuControls {
  reset(): void;
  registerApp(app: { appToken: string; appSecret: string; webhookUrl?: string | null }): void;
  /** Approves a consent without the page (for product tests); returns the code to exchange. */
  connect(input: {
    appToken: string;
    redirectUri: string;
    email: string;
    bank?: string;
    accounts?: string[];
  }): string;
  failNextPayment(accountId: string, outcome: OutcomeInput): void;
  resolvePayment(paymentId: string, outcome: OutcomeInput | 'SENT'): void;
  setPaymentDelay(ms: number): void;
  setBalance(accountId: string, available: number): void;
  expireConsent(token: string): void;
  revokeConsent(token: string): void;
  rotateSigningKey(): number;
  payment(id: string): AkahuPayment | undefined;
  accounts(token: string): AkahuAccount[];
}

const toOutcome = (input: OutcomeInput | 'SENT'): PaymentOutcome =>
  input === 'SENT' ? { status: 'SENT' } : typeof input === 'string' ? outcomeForCode(input) : input;

export function createAkahuControls(ctx: AkahuContext, reset: () => void): AkahuControls {
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new ProviderHttpError(404, { error: `${what} not found` });
    return value;
  };
  return {
    reset,
    registerApp: (app) => void registerApp(ctx, app),
    connect: (input) => {
      if (!resolveApp(ctx, input.appToken)) throw new Error(`Unknown Akahu app ${input.appToken}`);
      const bank = need(findBank(input.bank ?? 'demo'), 'bank');
      return approveConsent(ctx, {
        appToken: input.appToken,
        redirectUri: input.redirectUri,
        scope: 'ENDURING_CONSENT',
        email: input.email,
        bank,
        accountKeys: input.accounts ?? ['everyday'],
      });
    },
    failNextPayment: (accountId, outcome) => {
      const queue = ctx.state.nextOutcomes.get(accountId) ?? [];
      queue.push(toOutcome(outcome));
      ctx.state.nextOutcomes.set(accountId, queue);
    },
    resolvePayment: (paymentId, outcome) => {
      const record = need(ctx.state.payments.get(paymentId), 'payment');
      if (record.payment.final) throw new ProviderHttpError(409, { error: 'payment is already final' });
      applyOutcome(ctx, record, toOutcome(outcome));
    },
    setPaymentDelay: (ms) => {
      ctx.settings.paymentDelayMs = ms;
    },
    setBalance: (accountId, available) => {
      const account = need(ctx.state.accounts.get(accountId), 'account');
      account.balance = { ...account.balance, available, current: available };
    },
    expireConsent: (token) => {
      const record = need(ctx.state.tokens.get(token), 'token');
      for (const id of record.accountIds) {
        const account = ctx.state.accounts.get(id);
        if (!account || account.status === 'INACTIVE') continue;
        account.status = 'INACTIVE';
        emitAkahuEvent(ctx, {
          appToken: record.appToken,
          userId: record.userId,
          type: 'ACCOUNT',
          code: 'UPDATE',
          fields: { item_id: id, updated_fields: ['status'] },
        });
      }
    },
    revokeConsent: (token) => {
      need(ctx.state.tokens.get(token), 'token');
      emitTokenRevoked(ctx, token);
      ctx.state.tokens.delete(token);
    },
    rotateSigningKey: () => ctx.keys.rotate(),
    payment: (id) => ctx.state.payments.get(id)?.payment,
    accounts: (token) =>
      (ctx.state.tokens.get(token)?.accountIds ?? [])
        .map((id) => ctx.state.accounts.get(id))
        .filter((a): a is AkahuAccount => !!a),
  };
}

const outcomeBody = z.object({
  status: z.enum(['SENT', 'DECLINED', 'ERROR', 'CANCELLED', 'PENDING_APPROVAL', 'PAUSED']).optional(),
  status_code: z.enum(PAYMENT_STATUS_CODES).optional(),
  status_text: z.string().optional(),
});

function outcomeFromBody(body: z.infer<typeof outcomeBody>): OutcomeInput | 'SENT' {
  if (
    body.status_code &&
    body.status &&
    body.status !== 'SENT' &&
    body.status !== 'PENDING_APPROVAL' &&
    body.status !== 'PAUSED'
  ) {
    return { status: body.status, status_code: body.status_code, status_text: body.status_text };
  }
  if (body.status_code) return body.status_code;
  if (body.status === 'PENDING_APPROVAL' || body.status === 'PAUSED') return { status: body.status };
  if (body.status === 'SENT' || !body.status) return 'SENT';
  throw new ProviderHttpError(400, { error: 'status_code is required for a failed status' });
}

type IdParams = { Params: { id: string } };

export function registerAkahuControlRoutes(app: FastifyInstance, controls: AkahuControls): void {
  app.post<IdParams>('/__sandbox/accounts/:id/fail-next-payment', async (request) => {
    const outcome = outcomeFromBody(parseControl(outcomeBody, request.body));
    if (outcome === 'SENT')
      throw new ProviderHttpError(400, { error: 'give a failing status_code or status' });
    controls.failNextPayment(request.params.id, outcome);
    return { ok: true };
  });
  app.post<IdParams>('/__sandbox/accounts/:id/balance', async (request) => {
    controls.setBalance(
      request.params.id,
      parseControl(z.object({ available: z.number() }), request.body).available,
    );
    return { ok: true };
  });
  app.post<IdParams>('/__sandbox/payments/:id/resolve', async (request) => {
    controls.resolvePayment(request.params.id, outcomeFromBody(parseControl(outcomeBody, request.body)));
    return controls.payment(request.params.id);
  });
  app.post('/__sandbox/settings', async (request) => {
    const body = parseControl(z.object({ payment_delay_ms: z.number().int().min(0) }), request.body);
    controls.setPaymentDelay(body.payment_delay_ms);
    return { ok: true };
  });
  app.post<IdParams>('/__sandbox/tokens/:id/expire', async (request) => {
    controls.expireConsent(request.params.id);
    return { ok: true };
  });
  app.post<IdParams>('/__sandbox/tokens/:id/revoke', async (request) => {
    controls.revokeConsent(request.params.id);
    return { ok: true };
  });
  app.post('/__sandbox/keys/rotate', async () => ({ key_id: controls.rotateSigningKey() }));
  app.post('/__sandbox/apps', async (request) => {
    const body = parseControl(
      z.object({
        app_token: z.string().startsWith('app_token_'),
        app_secret: z.string().min(1),
        webhook_url: z.url().nullable().optional(),
      }),
      request.body,
    );
    controls.registerApp({
      appToken: body.app_token,
      appSecret: body.app_secret,
      webhookUrl: body.webhook_url,
    });
    return { ok: true };
  });
}
