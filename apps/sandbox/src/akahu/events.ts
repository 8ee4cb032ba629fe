// Akahu webhooks are subscribed per user and type (POST /v1/webhooks); each event goes to the app's
// webhook URL with the subscription's `state`, signed with the current RSA key.
import { akahuId } from '../shared/ids';
import type { WebhookDelivery } from '../shared/webhooks';
import type { AkahuContext } from './context';

export interface AkahuEventInput {
  appToken: string;
  userId: string;
  type: 'TOKEN' | 'ACCOUNT' | 'PAYMENT' | 'TRANSFER' | 'TRANSACTION';
  code: string;
  fields: Record<string, unknown>;
  /** Restrict to the hooks of one token (token revocation). */
  token?: string;
}

export function emitAkahuEvent(ctx: AkahuContext, input: AkahuEventInput): number {
  const hooks = [...ctx.state.hooks.ofUser(input.appToken, input.userId)].filter(
    (h) => h.type === input.type && (!input.token || h.token === input.token),
  );
  const app = ctx.state.apps.get(input.appToken);
  for (const hook of hooks) {
    const payload = {
      webhook_type: input.type,
      webhook_code: input.code,
      state: hook.state,
      ...input.fields,
    };
    const delivery = ctx.runtime.webhooks.enqueue(
      'akahu',
      `${input.type} ${input.code}`,
      JSON.stringify(payload),
      app?.webhookUrl === undefined ? undefined : app.webhookUrl,
    );
    const now = ctx.runtime.clock.now().toISOString();
    hook.last_called_at = now;
    ctx.state.hookEvents.push({
      _id: akahuId('whe'),
      _hook: hook._id,
      appToken: input.appToken,
      deliveryId: delivery.id,
      payload,
      created_at: now,
    });
  }
  return hooks.length;
}

/** The user's consent is gone: TOKEN DELETE to token hooks, WEBHOOK_CANCELLED to the others. */
export function emitTokenRevoked(ctx: AkahuContext, token: string): void {
  const record = ctx.state.tokens.get(token);
  if (!record) return;
  emitAkahuEvent(ctx, {
    appToken: record.appToken,
    userId: record.userId,
    type: 'TOKEN',
    code: 'DELETE',
    fields: { item_id: token },
    token,
  });
  for (const hook of [...ctx.state.hooks.ofUser(record.appToken, record.userId)]) {
    if (hook.token !== token) continue;
    if (hook.type !== 'TOKEN') {
      const payload = { webhook_type: hook.type, webhook_code: 'WEBHOOK_CANCELLED', state: hook.state };
      ctx.runtime.webhooks.enqueue('akahu', `${hook.type} WEBHOOK_CANCELLED`, JSON.stringify(payload));
    }
    ctx.state.hooks.delete(hook._id);
  }
}

/**
 * A test event for the product's webhooks screen (the sandbox's own; Akahu has no test events): it
 * carries the `state` the product gives when subscribing, which says whose it is, and a fresh item id.
 */
export function emitAkahuTestEvent(ctx: AkahuContext, state: string): WebhookDelivery {
  const payload = {
    webhook_type: 'WEBHOOK',
    webhook_code: 'TEST_EVENT',
    state,
    item_id: akahuId('test'),
    sent_at: ctx.runtime.clock.now().toISOString(),
  };
  return ctx.runtime.webhooks.enqueue('akahu', 'WEBHOOK TEST_EVENT', JSON.stringify(payload), undefined, {
    simulatorOnly: true,
  });
}
