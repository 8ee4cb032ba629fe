// What every simulator shares: one clock, one scheduler, one webhook dispatcher.
import type { SimClock } from './clock';
import type { Scheduler } from './scheduler';
import type { WebhookDispatcher } from './webhooks';

export interface SandboxRuntime {
  clock: SimClock;
  scheduler: Scheduler;
  webhooks: WebhookDispatcher;
}

/** Runs everything due, then waits for deliveries in flight: after this, the world has caught up. */
export async function settle(runtime: SandboxRuntime): Promise<void> {
  await runtime.scheduler.runDue();
  await runtime.scheduler.idle();
}
