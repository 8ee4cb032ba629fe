// Confirming a SetupIntent: a good card is saved (attached, ready for off-session charges), a
// declining card fails with its decline code, and a 3-D Secure card waits for the challenge page.
import { CARD_FAILURES, setupAnswer } from './cards';
import type { StripeContext } from './context';
import { cardErrorObject, invalidRequest } from './errors';
import { emitStripeEvent } from './events';
import type { StripeCall } from './route';
import type { Scoped } from './state';
import type { PaymentMethod, SetupIntent } from './types';

export type SetupResult = 'succeeded' | 'requires_action' | 'failed';
type Source = { account: string | null; call?: StripeCall | null };

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

function succeed(ctx: StripeContext, source: Source, seti: SetupIntent, pm: PaymentMethod): void {
  Object.assign(seti, {
    status: 'succeeded',
    last_setup_error: null,
    next_action: null,
    payment_method: pm.id,
  });
  if (seti.customer && pm.customer !== seti.customer) {
    pm.customer = seti.customer;
    emitStripeEvent(ctx, source, 'payment_method.attached', pm);
  }
  const card = ctx.state.cards.get(pm.id);
  if (card && seti.usage === 'off_session') card.setUpForOffSession = true;
  emitStripeEvent(ctx, source, 'setup_intent.succeeded', seti);
}

export function confirmSetup(
  ctx: StripeContext,
  source: Source,
  scoped: Scoped<SetupIntent>,
  pm: PaymentMethod,
  returnUrl?: string,
): SetupResult {
  const seti = scoped.value;
  if (!CONFIRMABLE.includes(seti.status)) {
    throw invalidRequest(`You cannot confirm this SetupIntent because it has a status of ${seti.status}.`, {
      code: 'setup_intent_unexpected_state',
      extra: { setup_intent: structuredClone(seti) },
    });
  }
  if (seti.customer && pm.customer && pm.customer !== seti.customer) {
    throw invalidRequest('The provided PaymentMethod is attached to a different customer.', {
      param: 'payment_method',
    });
  }
  seti.payment_method = pm.id;
  const setup = setupAnswer(ctx.state.cards.get(pm.id)?.number ?? '', pm.card.checks.cvc_check);
  if (setup === 'ok') {
    succeed(ctx, source, seti, pm);
    return 'succeeded';
  }
  if (setup === 'three_d_secure') {
    const url = `${ctx.publicUrl()}/3ds/setup/${seti.id}`;
    if (returnUrl) ctx.state.setupReturnUrls.set(seti.id, returnUrl);
    seti.status = 'requires_action';
    seti.next_action = returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
    emitStripeEvent(ctx, source, 'setup_intent.requires_action', seti);
    return 'requires_action';
  }
  Object.assign(seti, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_setup_error: cardErrorObject(CARD_FAILURES[setup]!, { payment_method: structuredClone(pm) }),
  });
  emitStripeEvent(ctx, source, 'setup_intent.setup_failed', seti);
  return 'failed';
}

/** The outcome of the 3-D Secure challenge page. */
export function finishSetupAuthentication(
  ctx: StripeContext,
  scoped: Scoped<SetupIntent>,
  passed: boolean,
): void {
  const seti = scoped.value;
  if (seti.status !== 'requires_action' || !seti.payment_method) return;
  const source = { account: scoped.account };
  const pm = ctx.state.paymentMethods.get(seti.payment_method)?.value;
  if (passed && pm) {
    succeed(ctx, source, seti, pm);
    return;
  }
  Object.assign(seti, {
    status: 'requires_payment_method',
    next_action: null,
    last_setup_error: {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      payment_method: pm ? structuredClone(pm) : undefined,
    },
    payment_method: null,
  });
  emitStripeEvent(ctx, source, 'setup_intent.setup_failed', seti);
}
