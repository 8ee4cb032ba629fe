// The one clock every rule reads (BILLING.md "Time"): tests, demos and benchmarks can move it.
export interface Clock {
  now(): Date;
}

/** A clock that can be moved (sandbox and tests only): the billing engine travels it day by day. */
export interface TravellingClock extends Clock {
  advance(ms: number): void;
  set(at: Date): void;
}

export const systemClock: Clock = { now: () => new Date() };

export function canTravel(clock: Clock): clock is TravellingClock {
  return typeof (clock as Partial<TravellingClock>).set === 'function';
}

/** A clock that starts at `start` and then moves with real time; `advance` jumps it forward. */
export function offsetClock(start: Date): TravellingClock {
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

/**
 * The clock the configuration asks for. Live providers and production run on real time; a sandbox runs
 * on a clock that starts at APP_NOW (or now) and can be moved forward (POST /api/dev/clock).
 */
export function clockFromEnv(env: {
  APP_NOW?: string | undefined;
  PROVIDERS?: string | undefined;
  NODE_ENV?: string | undefined;
}): Clock {
  const travels = env.PROVIDERS !== 'live' && env.NODE_ENV !== 'production';
  if (!travels) return env.APP_NOW ? offsetClock(new Date(env.APP_NOW)) : systemClock;
  return offsetClock(env.APP_NOW ? new Date(env.APP_NOW) : new Date());
}
