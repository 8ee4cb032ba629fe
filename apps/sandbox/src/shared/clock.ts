// The simulators' one clock: the caller's clock (or the system's) plus an offset that tests move forward.
export interface SimClock {
  now(): Date;
  nowMs(): number;
  /** Moves the clock forward (never back) by `ms`. */
  advance(ms: number): void;
  /** Moves the clock to `atMs` if that is later than now. */
  advanceTo(atMs: number): void;
  offsetMs(): number;
  reset(): void;
}

export function createSimClock(base: () => Date = () => new Date()): SimClock {
  let offset = 0;
  const nowMs = () => base().getTime() + offset;
  return {
    now: () => new Date(nowMs()),
    nowMs,
    advance: (ms) => {
      if (ms > 0) offset += ms;
    },
    advanceTo: (atMs) => {
      const current = nowMs();
      if (atMs > current) offset += atMs - current;
    },
    offsetMs: () => offset,
    reset: () => {
      offset = 0;
    },
  };
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
