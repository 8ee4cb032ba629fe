// GET /api/metrics: Prometheus text, never public. It exists only when METRICS_TOKEN is set, and answers
// only a scraper sending it as a bearer token (decision: one port and one balancer for everything; the
// token keeps the endpoint closed even where the balancer passes every path through; see the README).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Env } from '../config/env';
import type { Db } from '../db/client';
import { httpDuration, httpRequests, registry } from './registry';
import { readPool, readSharedFigures } from './shared-figures';

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the metrics need of the application's deps (the metrics sit below the app and know no AppDeps). */
interface MetricsDeps {
  env: Env;
  clock: Clock;
  db: Db;
  replicaDb?: Db | undefined;
}

export function registerMetrics(app: FastifyInstance, deps: MetricsDeps) {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/members/:id), never the address itself: one series per route.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/api/metrics') return;
    const labels = { route, method: request.method, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const token = deps.env.METRICS_TOKEN;
  if (!token) return;
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'Metrics need the token.' });
    }
    readPool('primary', deps.db);
    if (deps.replicaDb) readPool('replica', deps.replicaDb);
    await readSharedFigures(deps.db, deps.clock.now());
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
