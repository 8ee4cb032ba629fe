// The user's view: /v1/me, /v1/accounts, refresh; and the app's view of connections (Basic auth).
import type { FastifyInstance } from 'fastify';
import { requireBasic, requireUser } from './auth';
import type { AkahuContext } from './context';
import { connectionInfo, DEMO_BANKS, findBank } from './demo-banks';
import { notFound } from './errors';
import { emitAkahuEvent } from './events';
import type { AkahuAccount, AkahuToken } from './state';

type IdParams = { Params: { id: string } };

function accountsOf(ctx: AkahuContext, token: AkahuToken): AkahuAccount[] {
  return token.accountIds.map((id) => ctx.state.accounts.get(id)).filter((a): a is AkahuAccount => !!a);
}

function accountOf(ctx: AkahuContext, token: AkahuToken, id: string): AkahuAccount {
  const account = token.accountIds.includes(id) ? ctx.state.accounts.get(id) : undefined;
  if (!account) throw notFound();
  return account;
}

function touchRefreshed(ctx: AkahuContext, accounts: AkahuAccount[]): void {
  const now = ctx.runtime.clock.now().toISOString();
  for (const account of accounts) {
    if (account.status === 'ACTIVE') account.refreshed = { balance: now, meta: now, transactions: now };
  }
}

export function registerAccountRoutes(app: FastifyInstance, ctx: AkahuContext): void {
  app.get('/v1/me', async (request) => {
    const { token } = requireUser(ctx, request);
    const user = ctx.state.users.get(token.userId)!;
    return {
      success: true,
      item: {
        _id: user._id,
        email: user.email,
        created_at: user.created_at,
        access_granted_at: token.created_at,
      },
    };
  });

  app.get('/v1/accounts', async (request) => {
    const { token } = requireUser(ctx, request);
    return { success: true, items: accountsOf(ctx, token) };
  });

  app.get<IdParams>('/v1/accounts/:id', async (request) => {
    const { token } = requireUser(ctx, request);
    return { success: true, item: accountOf(ctx, token, request.params.id) };
  });

  app.delete<IdParams>('/v1/accounts/:id', async (request) => {
    const { token } = requireUser(ctx, request);
    const account = accountOf(ctx, token, request.params.id);
    token.accountIds = token.accountIds.filter((id) => id !== account._id);
    emitAkahuEvent(ctx, {
      appToken: token.appToken,
      userId: token.userId,
      type: 'ACCOUNT',
      code: 'DELETE',
      fields: { item_id: account._id },
    });
    return { success: true };
  });

  app.post('/v1/refresh', async (request) => {
    const { token } = requireUser(ctx, request);
    touchRefreshed(ctx, accountsOf(ctx, token));
    return { success: true };
  });

  app.post<IdParams>('/v1/refresh/:id', async (request) => {
    const { token } = requireUser(ctx, request);
    const accounts = accountsOf(ctx, token).filter(
      (a) =>
        a._id === request.params.id ||
        a._authorisation === request.params.id ||
        a.connection._id === request.params.id,
    );
    if (accounts.length === 0) throw notFound();
    touchRefreshed(ctx, accounts);
    return { success: true };
  });

  app.get('/v1/connections', async (request) => {
    requireBasic(ctx, request);
    return {
      success: true,
      items: DEMO_BANKS.map((b) => ({ ...connectionInfo(b), new_connections_enabled: true })),
    };
  });

  app.get<IdParams>('/v1/connections/:id', async (request) => {
    requireBasic(ctx, request);
    const bank = findBank(request.params.id);
    if (!bank) throw notFound();
    return { success: true, item: { ...connectionInfo(bank), new_connections_enabled: true } };
  });
}
