// Webhook subscriptions (per user, per type), past webhook events, and the public signing keys that
// `akahu.webhooks.validateWebhook` fetches (GET /v1/keys/{id}, Basic app auth).
import type { FastifyInstance } from 'fastify';
import { akahuId } from '../shared/ids';
import type { DeliveryStatus } from '../shared/webhooks';
import { requireBasic, requireUser } from './auth';
import type { AkahuContext } from './context';
import { akahuError, notFound } from './errors';

const HOOK_TYPES = ['TOKEN', 'ACCOUNT', 'PAYMENT', 'TRANSFER', 'TRANSACTION'];

function eventStatus(status: DeliveryStatus | undefined, attempts: number): 'SENT' | 'FAILED' | 'RETRY' {
  if (status === 'delivered') return 'SENT';
  if (status === 'pending' && attempts > 0) return 'RETRY';
  if (status === 'pending') return 'SENT';
  return 'FAILED';
}

export function registerWebhookRoutes(app: FastifyInstance, ctx: AkahuContext): void {
  app.post('/v1/webhooks', async (request) => {
    const { token } = requireUser(ctx, request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const type = body.webhook_type;
    if (typeof type !== 'string' || !HOOK_TYPES.includes(type)) {
      throw akahuError(400, `payload.webhook_type must be one of ${HOOK_TYPES.join(', ')}`);
    }
    const now = ctx.runtime.clock.now().toISOString();
    const id = akahuId('hook');
    ctx.state.hooks.set(id, {
      _id: id,
      type,
      state: typeof body.state === 'string' ? body.state : '',
      appToken: token.appToken,
      userId: token.userId,
      token: token.token,
      created_at: now,
      updated_at: now,
      last_called_at: null,
    });
    return { success: true, item_id: id };
  });

  app.get('/v1/webhooks', async (request) => {
    const { token } = requireUser(ctx, request);
    const target = ctx.runtime.webhooks.target('akahu');
    const items = [...ctx.state.hooks.values()]
      .filter((h) => h.token === token.token)
      .map((h) => ({
        _id: h._id,
        type: h.type,
        state: h.state,
        url: ctx.state.apps.get(h.appToken)?.webhookUrl ?? target,
        created_at: h.created_at,
        updated_at: h.updated_at,
        last_called_at: h.last_called_at,
      }));
    return { success: true, items };
  });

  app.delete<{ Params: { id: string } }>('/v1/webhooks/:id', async (request) => {
    const { token } = requireUser(ctx, request);
    const hook = ctx.state.hooks.get(request.params.id);
    if (!hook || hook.token !== token.token) throw notFound();
    ctx.state.hooks.delete(hook._id);
    return { success: true };
  });

  app.get('/v1/webhook-events', async (request) => {
    const appRecord = requireBasic(ctx, request);
    const query = request.query as Record<string, unknown>;
    const deliveries = new Map(ctx.runtime.webhooks.list('akahu').map((d) => [d.id, d]));
    const items = ctx.state.hookEvents
      .filter((e) => e.appToken === appRecord.appToken)
      .map((e) => {
        const delivery = deliveries.get(e.deliveryId);
        const failures = delivery?.attempts.filter((a) => a.error || (a.statusCode ?? 0) >= 300) ?? [];
        return {
          _id: e._id,
          _hook: e._hook,
          status: eventStatus(delivery?.status, delivery?.attempts.length ?? 0),
          payload: e.payload,
          created_at: e.created_at,
          updated_at: delivery?.attempts.at(-1)?.at ?? e.created_at,
          ...(failures.length ? { last_failed_at: failures.at(-1)?.at } : {}),
        };
      })
      .filter((e) => typeof query.status !== 'string' || e.status === query.status);
    return { success: true, items };
  });

  app.get<{ Params: { id: string } }>('/v1/keys/:id', async (request) => {
    requireBasic(ctx, request);
    const pem = ctx.keys.publicPem(Number(request.params.id));
    if (!pem) throw notFound();
    return { success: true, item: pem };
  });
}
