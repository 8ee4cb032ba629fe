// Builds the Stripe simulator's listener (the SDK's `host`/`port`/`protocol` point here).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseControl, registerCommonControls, registerTestEventRoute } from '../shared/control-routes';
import { FaultInjector } from '../shared/faults';
import { createServiceApp } from '../shared/http';
import type { SandboxRuntime } from '../shared/runtime';
import { registerCardFailuresPage } from './card-failures-page';
import { registerCardFormPage } from './card-form-page';
import { registerCheckoutRoutes } from './checkout-routes';
import { registerConnectRoutes } from './connect-routes';
import type { StripeContext, StripeSettings } from './context';
import { createStripeControls, registerStripeControlRoutes, type StripeControls } from './controls';
import { registerCustomerRoutes } from './customer-routes';
import { registerDisputeRoutes } from './dispute-routes';
import { stripeErrorBody } from './errors';
import { emitStripeTestEvent, stripeSignatureHeader } from './events';
import { registerOnboardingPage } from './onboarding-page';
import { registerPaymentIntentRoutes } from './payment-intent-routes';
import { registerRefundRoutes } from './refund-routes';
import { registerSetupIntentRoutes } from './setup-intent-routes';
import { StripeState } from './state';
import { registerThreeDSecurePage } from './three-d-secure-page';

export interface StripeSimulator {
  app: FastifyInstance;
  controls: StripeControls;
  faults: FaultInjector;
  setPublicUrl(url: string): void;
}

export function createStripeSimulator(runtime: SandboxRuntime, settings: StripeSettings): StripeSimulator {
  let publicUrl = 'http://127.0.0.1';
  const ctx: StripeContext = { runtime, state: new StripeState(), settings, publicUrl: () => publicUrl };
  const faults = new FaultInjector();
  runtime.webhooks.registerSigner('stripe', (body, at) => ({
    'Stripe-Signature': stripeSignatureHeader(settings.webhookSecret, body, at),
  }));
  const reset = () => {
    ctx.state.clear();
    faults.clear();
    runtime.webhooks.reset('stripe');
  };
  const controls = createStripeControls(ctx, reset);

  const app = createServiceApp({ faults, errorBody: stripeErrorBody });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    }),
  );
  registerConnectRoutes(app, ctx);
  registerOnboardingPage(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerSetupIntentRoutes(app, ctx);
  registerPaymentIntentRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerCheckoutRoutes(app, ctx);
  registerDisputeRoutes(app, ctx);
  registerCardFormPage(app, ctx);
  registerThreeDSecurePage(app, ctx);
  registerCommonControls(app, { service: 'stripe', runtime, faults, reset });
  registerStripeControlRoutes(app, controls);
  registerCardFailuresPage(app, controls);
  registerTestEventRoute(app, runtime, (body) =>
    emitStripeTestEvent(
      ctx,
      parseControl(z.object({ account: z.string().startsWith('acct_') }), body).account,
    ),
  );
  return {
    app,
    controls,
    faults,
    setPublicUrl: (url) => {
      publicUrl = url;
    },
  };
}
