// Makes a listener fail on purpose: the next N API requests answer a 5xx, or hang until the client gives up.
import type { Socket } from 'node:net';

export interface FaultSpec {
  /** HTTP status to answer with (e.g. 500, 503). */
  status?: number;
  /** Hold the request without answering, then drop the connection after `holdMs`. */
  timeout?: boolean;
  holdMs?: number;
  /** How many requests to affect; `-1` until cleared. Default 1. */
  count?: number;
}

export type ActiveFault = { kind: 'status'; status: number } | { kind: 'timeout'; holdMs: number };

export class FaultInjector {
  private fault: (ActiveFault & { remaining: number }) | null = null;
  private held = new Map<Socket, NodeJS.Timeout>();

  inject(spec: FaultSpec): void {
    const remaining = spec.count === undefined ? 1 : spec.count;
    this.fault = spec.timeout
      ? { kind: 'timeout', holdMs: spec.holdMs ?? 30_000, remaining }
      : { kind: 'status', status: spec.status ?? 500, remaining };
  }

  clear(): void {
    this.fault = null;
  }

  /** The fault for this request, if any (consumes one use). */
  take(): ActiveFault | null {
    const fault = this.fault;
    if (!fault) return null;
    if (fault.remaining > 0) fault.remaining -= 1;
    if (fault.remaining === 0) this.fault = null;
    return fault.kind === 'status'
      ? { kind: 'status', status: fault.status }
      : { kind: 'timeout', holdMs: fault.holdMs };
  }

  hold(socket: Socket, ms: number): void {
    const timer = setTimeout(() => {
      this.held.delete(socket);
      socket.destroy();
    }, ms);
    timer.unref();
    this.held.set(socket, timer);
  }

  releaseAll(): void {
    for (const [socket, timer] of this.held) {
      clearTimeout(timer);
      socket.destroy();
    }
    this.held.clear();
  }
}
