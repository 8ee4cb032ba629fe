// Test and demo controls for the Akahu simulator, as a TS object and as /__sandbox HTTP endpoints.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseControl } from '../shared/control-routes';
import { ProviderHttpError } from '../shared/http';
import { akahuId } from '../shared/ids';
import { registerApp, resolveApp } from './auth';
import { approveConsent } from './consent';
import type { AkahuContext } from './context';
import { behaviourForName, connectionInfo, findBank } from './demo-banks';
import { emitAkahuEvent, emitTokenRevoked } from './events';
import { outcomeForCode } from './payment-outcomes';
import { applyOutcome, schedulePayment } from './payments';
import {
  type AkahuAccount,
  type AkahuPayment,
  PAYMENT_STATUS_CODES,
  type PaymentOutcome,
  type PaymentRecord,
  type PaymentStatusCode,
} from './state';

type OutcomeInput = PaymentStatusCode | PaymentOutcome;

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
  /**
   * The bank gives the account a new id (Akahu's ACCOUNT MIGRATE to the holders' hooks, with
   * previous_item_id and new_item_id): the old id is gone, the account lives on under the new one.
   */
  migrateAccount(accountId: string): string;
  /** The account is gone from the user's connection (Akahu's ACCOUNT DELETE). */
  deleteAccount(accountId: string): void;
  rotateSigningKey(): number;
  payment(id: string): AkahuPayment | undefined;
  accounts(token: string): AkahuAccount[];
  /**
   * Learns consents the product already holds (the simulator keeps nothing between starts): each user
   * token with its accounts. An account named like one of the consent page's (…"Pocket Money", …"Every
   * Third", …"Slow Clearing", …"Quiet", …"Short Consent") behaves as that one; the rest hold plenty.
   * Known tokens and accounts are left as they are.
   */
  remember(connections: RememberedConnection[]): void;
}

export interface RememberedConnection {
  /** The app the token belongs to; the sandbox's default app when absent. */
  appToken?: string;
  token: string;
  email: string;
  accounts: { id: string; name: string; formattedAccount: string; holder: string }[];
  /** The `state` the product subscribed the token's TOKEN, ACCOUNT and PAYMENT webhooks with. */
  webhookState?: string;
  /**
   * Payments the product is still waiting on (learnt as READY, they are answered as any other), and
   * recent ones it holds an answer to (`final`: learnt as answered, so the nightly reconciliation
   * after a restart finds them as the product does).
   */
  pendingPayments?: {
    id: string;
    sid: string;
    from: string;
    amount: number;
    to: { name: string; account_number: string };
    createdAt: string;
    final?: { status: 'SENT' | 'DECLINED'; code?: string; text?: string; at: string };
  }[];
}

/** Balances of remembered accounts: "Pocket Money" as on the consent page, otherwise never short. */
const REMEMBERED_BALANCE = { pocketMoney: 3.5, plenty: 1_000_000 } as const;

const toOutcome = (input: OutcomeInput | 'SENT'): PaymentOutcome =>
  input === 'SENT' ? { status: 'SENT' } : typeof input === 'string' ? outcomeForCode(input) : input;

export function createAkahuControls(ctx: AkahuContext, reset: () => void): AkahuControls {
  const holdersOf = (accountId: string) =>
    [...ctx.state.tokens.values()].filter((t) => t.accountIds.includes(accountId));
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
    migrateAccount: (accountId) => {
      const account = need(ctx.state.accounts.get(accountId), 'account');
      const newId = akahuId('acc');
      ctx.state.accounts.delete(accountId);
      ctx.state.accounts.set(newId, { ...account, _id: newId });
      for (const [key, outcomes] of [...ctx.state.nextOutcomes]) {
        if (key !== accountId) continue;
        ctx.state.nextOutcomes.delete(key);
        ctx.state.nextOutcomes.set(newId, outcomes);
      }
      for (const record of holdersOf(accountId)) {
        record.accountIds = record.accountIds.map((id) => (id === accountId ? newId : id));
        emitAkahuEvent(ctx, {
          appToken: record.appToken,
          userId: record.userId,
          type: 'ACCOUNT',
          code: 'MIGRATE',
          fields: { previous_item_id: accountId, new_item_id: newId },
          token: record.token,
        });
      }
      return newId;
    },
    deleteAccount: (accountId) => {
      need(ctx.state.accounts.get(accountId), 'account');
      ctx.state.accounts.delete(accountId);
      for (const record of holdersOf(accountId)) {
        record.accountIds = record.accountIds.filter((id) => id !== accountId);
        emitAkahuEvent(ctx, {
          appToken: record.appToken,
          userId: record.userId,
          type: 'ACCOUNT',
          code: 'DELETE',
          fields: { item_id: accountId },
          token: record.token,
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
    remember: (connections) => rememberConnections(ctx, connections),
  };
}

function rememberConnections(ctx: AkahuContext, connections: RememberedConnection[]): void {
  const now = ctx.runtime.clock.now().toISOString();
  const bank = need(findBank('demo'));
  const users = new Map([...ctx.state.users.values()].map((u) => [`${u.appToken} ${u.email}`, u]));
  for (const connection of connections) {
    if (ctx.state.tokens.has(connection.token)) continue;
    const appToken = connection.appToken ?? ctx.settings.defaultApp.appToken;
    resolveApp(ctx, appToken);
    let user = users.get(`${appToken} ${connection.email}`);
    if (!user) {
      user = { _id: akahuId('user'), appToken, email: connection.email, created_at: now };
      ctx.state.users.set(user._id, user);
      users.set(`${appToken} ${connection.email}`, user);
    }
    const authorisationId = akahuId('auth');
    for (const remembered of connection.accounts) {
      if (ctx.state.accounts.has(remembered.id)) continue;
      const known = behaviourForName(remembered.name);
      const balance = known.balance ?? REMEMBERED_BALANCE.plenty;
      if (known.behaviour.kind !== 'normal') ctx.state.behaviours.set(remembered.id, known.behaviour);
      ctx.state.accounts.set(remembered.id, {
        _id: remembered.id,
        _authorisation: authorisationId,
        _credentials: authorisationId,
        connection: connectionInfo(bank),
        name: remembered.name,
        status: 'ACTIVE',
        formatted_account: remembered.formattedAccount,
        type: 'CHECKING',
        attributes: ['TRANSACTIONS', 'PAYMENT_TO', 'PAYMENT_FROM', 'TRANSFER_TO', 'TRANSFER_FROM'],
        balance: { currency: 'NZD', current: balance, available: balance, overdrawn: false },
        meta: { holder: remembered.holder },
        refreshed: { balance: now, meta: now, transactions: now },
      });
      ctx.state.accountOwners.set(remembered.id, { appToken, userId: user._id });
    }
    if (connection.webhookState !== undefined) {
      for (const type of ['TOKEN', 'ACCOUNT', 'PAYMENT']) {
        const id = akahuId('hook');
        ctx.state.hooks.set(id, {
          _id: id,
          type,
          state: connection.webhookState,
          appToken,
          userId: user._id,
          token: connection.token,
          created_at: now,
          updated_at: now,
          last_called_at: null,
        });
      }
    }
    for (const pending of connection.pendingPayments ?? []) {
      if (ctx.state.payments.has(pending.id)) continue;
      const record: PaymentRecord = {
        appToken,
        userId: user._id,
        idempotencyKey: null,
        fingerprint: `remembered ${pending.id}`,
        payment: {
          _id: pending.id,
          from: pending.from,
          to: pending.to,
          amount: pending.amount,
          meta: { source: {}, destination: {} },
          sid: pending.sid,
          status: 'READY',
          final: false,
          timeline: [{ status: 'READY', time: pending.createdAt }],
          created_at: pending.createdAt,
          updated_at: pending.createdAt,
        },
      };
      ctx.state.payments.set(pending.id, record);
      if (pending.final) {
        const { status, code, text, at } = pending.final;
        record.payment = {
          ...record.payment,
          status,
          final: true,
          ...(code ? { status_code: code as PaymentStatusCode } : {}),
          ...(text ? { status_text: text } : {}),
          timeline: [...record.payment.timeline, { status, time: at }],
          updated_at: at,
        };
      } else schedulePayment(ctx, record);
    }
    ctx.state.tokens.set(connection.token, {
      token: connection.token,
      appToken,
      userId: user._id,
      authorisationId,
      scope: 'ENDURING_CONSENT',
      accountIds: connection.accounts.map((a) => a.id),
      created_at: now,
    });
  }
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the demo bank is missing');
  return value;
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
  app.post<IdParams>('/__sandbox/accounts/:id/migrate', async (request) => ({
    new_item_id: controls.migrateAccount(request.params.id),
  }));
  app.delete<IdParams>('/__sandbox/accounts/:id', async (request) => {
    controls.deleteAccount(request.params.id);
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
