// The one clock every rule reads (BILLING.md "Time"): tests, demos and benchmarks can move it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and then moves with real time; `advance` jumps it forward. */
export function offsetClock(start: Date): Clock & { advance(ms: number): void; set(at: Date): void } {
  let offset = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    set: (at) => {
      offset = at.getTime() - Date.now();
    },
  };
}

/** The clock the configuration asks for: real time, or real time from APP_NOW on (demos and tests). */
export function clockFromEnv(env: { APP_NOW?: string | undefined }) {
  return env.APP_NOW ? offsetClock(new Date(env.APP_NOW)) : systemClock;
}
