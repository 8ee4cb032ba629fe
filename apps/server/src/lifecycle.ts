// A process's life as a load balancer sees it: serving, then draining once SIGTERM arrives (readiness
// answers 503 so the balancer stops sending, requests already taken are finished), then closed.
import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

export interface ShutdownParts {
  lifecycle: Lifecycle;
  app: FastifyInstance;
  /** The scheduled work (billing, mail): its current pass is finished, which commits or releases its claims. */
  work?: { stop(): Promise<void> } | null;
  /** How long readiness answers 503 before the listener closes, so the balancer's checks see it first. */
  drainMs: number;
  /** Everything closed after the HTTP server (mail, simulators, database pool), in order. */
  after: Array<() => Promise<unknown> | unknown>;
}

/**
 * The clean stop on SIGTERM: not ready at once, then (after drainMs) no new connections, requests in
 * flight answered, the scheduled work's pass finished, and only then the database closed.
 */
export async function shutDown(parts: ShutdownParts): Promise<void> {
  parts.lifecycle.drain();
  if (parts.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, parts.drainMs));
  await Promise.all([parts.work?.stop(), parts.app.close()]);
  for (const step of parts.after) await step();
}
