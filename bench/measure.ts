// The two sides of a scenario, each driven for the same time at the same concurrency: the API call over
// loopback (autocannon), and its statements straight through the driver (pg, one pool client per
// connection). Every latency is kept, so both sides' percentiles are computed the same way.
import autocannon from 'autocannon';
import type pg from 'pg';
import type { BenchRequest, RawStatement } from './scenario';

export interface Side {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Transport errors, timeouts and answers other than 2xx (API) or failed statements (SQL). */
  failures: number;
}

export function summarise(latencies: number[], seconds: number, failures: number): Side {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: latencies.length,
    failures,
  };
}

export async function driveApi(
  baseUrl: string,
  request: BenchRequest,
  headers: Record<string, string>,
  connections: number,
  duration: number,
  timeoutSeconds?: number,
): Promise<Side> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const instance = autocannon({
    ...(timeoutSeconds ? { timeout: timeoutSeconds } : {}),
    url: `${baseUrl}${request.path}`,
    method: request.method,
    connections,
    duration,
    headers,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
  instance.on('response', (_client, status, _bytes, milliseconds) => {
    if (status >= 200 && status < 300) latencies.push(milliseconds);
    else failures++;
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  return summarise(latencies, seconds, failures + result.errors + result.timeouts);
}

export async function driveSql(
  pool: pg.Pool,
  statements: RawStatement[],
  connections: number,
  duration: number,
): Promise<Side> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + duration * 1000;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (performance.now() < until) {
        const begun = performance.now();
        try {
          for (const s of statements)
            await client.query(s.name ? { name: s.name, text: s.text, values: s.values } : s);
          latencies.push(performance.now() - begun);
        } catch {
          failures++;
        }
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return summarise(latencies, (performance.now() - started) / 1000, failures);
}
