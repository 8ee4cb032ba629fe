// The `/__sandbox/...` endpoints every listener offers: reset, clock, webhooks and fault injection.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FaultInjector } from './faults';
import { ProviderHttpError } from './http';
import { type SandboxRuntime, settle } from './runtime';
import type { ServiceName, WebhookDelivery } from './webhooks';

export function parseControl<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new ProviderHttpError(400, { error: 'invalid_control_request', issues: parsed.error.issues });
  }
  return parsed.data;
}

const advanceBody = z.object({ ms: z.number().int().min(0) });
const dropBody = z.object({ count: z.number().int().min(-1).default(-1) });
const delayBody = z.object({ ms: z.number().int().min(0) });
const targetBody = z.object({ url: z.url().nullable() });
const faultBody = z.object({
  status: z.number().int().min(400).max(599).optional(),
  timeout: z.boolean().optional(),
  hold_ms: z.number().int().min(1).optional(),
  count: z.number().int().min(-1).optional(),
});

export interface CommonControlOptions {
  service: ServiceName;
  runtime: SandboxRuntime;
  faults: FaultInjector;
  reset(): void;
}

export function registerCommonControls(app: FastifyInstance, options: CommonControlOptions): void {
  const { service, runtime, faults } = options;
  app.get('/__sandbox', async () => ({
    service,
    now: runtime.clock.now().toISOString(),
    webhook_target: runtime.webhooks.target(service),
  }));
  app.post('/__sandbox/reset', async () => {
    options.reset();
    return { ok: true };
  });
  app.get('/__sandbox/clock', async () => ({
    now: runtime.clock.now().toISOString(),
    offset_ms: runtime.clock.offsetMs(),
  }));
  app.post('/__sandbox/clock/advance', async (request) => {
    const { ms } = parseControl(advanceBody, request.body);
    await runtime.scheduler.advance(ms);
    return { now: runtime.clock.now().toISOString() };
  });
  app.post('/__sandbox/settle', async () => {
    await settle(runtime);
    return { ok: true };
  });
  app.get('/__sandbox/webhooks', async () => ({ data: runtime.webhooks.list(service) }));
  app.post('/__sandbox/webhooks/drop', async (request) => {
    runtime.webhooks.drop(service, parseControl(dropBody, request.body).count);
    return { ok: true };
  });
  app.post('/__sandbox/webhooks/delay', async (request) => {
    runtime.webhooks.delay(service, parseControl(delayBody, request.body).ms);
    return { ok: true };
  });
  app.post('/__sandbox/webhooks/target', async (request) => {
    runtime.webhooks.setTarget(service, parseControl(targetBody, request.body).url);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>('/__sandbox/webhooks/:id/redeliver', async (request) => {
    const delivery = runtime.webhooks.redeliver(request.params.id);
    if (!delivery) throw new ProviderHttpError(404, { error: 'not_found' });
    return delivery;
  });
  app.post('/__sandbox/faults', async (request) => {
    const body = parseControl(faultBody, request.body);
    faults.inject({ status: body.status, timeout: body.timeout, holdMs: body.hold_ms, count: body.count });
    return { ok: true };
  });
  app.delete('/__sandbox/faults', async () => {
    faults.clear();
    return { ok: true };
  });
}

/**
 * POST /__sandbox/webhooks/test-event: the simulator sends a test event of its own kind (made by
 * `make` from the body: what it names tells the product whose it is) to its webhook target, as any
 * other event (signed, retried), and answers the delivery once its first attempt has an answer.
 */
export function registerTestEventRoute(
  app: FastifyInstance,
  runtime: SandboxRuntime,
  make: (body: unknown) => WebhookDelivery,
): void {
  app.post('/__sandbox/webhooks/test-event', async (request) => {
    const delivery = await runtime.webhooks.firstAnswer(make(request.body));
    const last = delivery.attempts.at(-1);
    return {
      id: delivery.id,
      event_type: delivery.eventType,
      url: delivery.url,
      status: delivery.status,
      status_code: last?.statusCode ?? null,
      error: last?.error ?? null,
    };
  });
}
