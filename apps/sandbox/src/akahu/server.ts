// Builds the Akahu simulator's listener.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseControl, registerCommonControls, registerTestEventRoute } from '../shared/control-routes';
import { FaultInjector } from '../shared/faults';
import { createServiceApp } from '../shared/http';
import type { SandboxRuntime } from '../shared/runtime';
import { registerAccountRoutes } from './account-routes';
import type { AkahuContext, AkahuSettings } from './context';
import { type AkahuControls, createAkahuControls, registerAkahuControlRoutes } from './controls';
import { akahuErrorBody } from './errors';
import { emitAkahuTestEvent } from './events';
import { registerOAuthPage } from './oauth-page';
import { registerPaymentRoutes } from './payment-routes';
import { SigningKeys } from './signing-keys';
import { AkahuState } from './state';
import { registerTokenRoutes } from './token-routes';
import { registerWebhookRoutes } from './webhook-routes';

export interface AkahuSimulator {
  app: FastifyInstance;
  controls: AkahuControls;
  faults: FaultInjector;
}

export function createAkahuSimulator(runtime: SandboxRuntime, settings: AkahuSettings): AkahuSimulator {
  const initialSettings = { ...settings };
  const ctx: AkahuContext = {
    runtime,
    state: new AkahuState(),
    settings: { ...settings },
    keys: new SigningKeys(),
  };
  const faults = new FaultInjector();
  runtime.webhooks.registerSigner('akahu', (body) => ctx.keys.sign(body));

  const reset = () => {
    ctx.state.clear();
    Object.assign(ctx.settings, initialSettings);
    faults.clear();
    runtime.scheduler.clear('akahu:');
    runtime.webhooks.reset('akahu');
  };
  const controls = createAkahuControls(ctx, reset);

  const app = createServiceApp({ faults, errorBody: akahuErrorBody });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ success: false, message: 'Not found' }),
  );
  registerOAuthPage(app, ctx);
  registerTokenRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerCommonControls(app, { service: 'akahu', runtime, faults, reset });
  registerAkahuControlRoutes(app, controls);
  registerTestEventRoute(app, runtime, (body) =>
    emitAkahuTestEvent(ctx, parseControl(z.object({ state: z.string().min(1).max(200) }), body).state),
  );
  return { app, controls, faults };
}
