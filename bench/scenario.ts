// What a bench scenario is: one request, repeated by autocannon for the run's duration.
export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface Scenario {
  name: string;
  /** Scenarios run in this order. */
  order: number;
  /** Needs a signed-in staff session (the bench organisation's admin). */
  needsSession: boolean;
  request: BenchRequest;
}

/** The headers the page sends with every call. */
export function pageHeaders(cookie: string | undefined, json: boolean): Record<string, string> {
  return {
    'x-requested-with': 'XMLHttpRequest',
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(cookie ? { cookie } : {}),
  };
}
