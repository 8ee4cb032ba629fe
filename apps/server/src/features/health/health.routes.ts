// Liveness (/api/health: the process answers) and readiness (/api/ready: it can serve: not draining for a
// shutdown, the database reachable with every migration applied, the file store reachable). A load
// balancer sends traffic by readiness; an orchestrator restarts by liveness, so a database outage does
// not restart every server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { migrationsCurrent } from '../../db/migration-state';
import { fileStoreOf } from '../../storage/file-store';
import { databaseAnswers } from './health.repository';

const CHECK_TIMEOUT_MS = 2_000;
const check = z.enum(['ok', 'failing', 'behind', 'draining']);
const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ process: check, database: check, migrations: check, storage: check }),
});

/** The check's outcome, a failure or a check slower than CHECK_TIMEOUT_MS counting as failing. */
async function within(work: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness: the process answers (readiness is /api/ready)',
          response: { 200: z.object({ data: z.object({ status: z.literal('ok'), time: z.string() }) }) },
        },
      },
      async () => ({ data: { status: 'ok' as const, time: deps.clock.now().toISOString() } }),
    );

    app.get(
      '/api/ready',
      {
        schema: {
          tags: ['system'],
          summary:
            'Readiness: database reachable, migrations current, file store reachable, not shutting down',
          response: {
            200: z.object({ data: readiness }),
            503: z.object({ message: z.string(), data: readiness }),
          },
        },
      },
      async (_request, reply) => {
        const draining = deps.lifecycle?.draining ?? false;
        const [database, storage] = await Promise.all([
          within(() => databaseAnswers(deps.db)),
          within(() =>
            fileStoreOf(deps.env)
              .check()
              .then(() => true),
          ),
        ]);
        const migrations = database && (await within(() => migrationsCurrent(deps.db)));
        const checks = {
          process: draining ? ('draining' as const) : ('ok' as const),
          database: database ? ('ok' as const) : ('failing' as const),
          migrations: migrations ? ('ok' as const) : database ? ('behind' as const) : ('failing' as const),
          storage: storage ? ('ok' as const) : ('failing' as const),
        };
        const ready = Object.values(checks).every((c) => c === 'ok');
        if (ready) return { data: { status: 'ready' as const, checks } };
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ message: 'Not ready to serve.', data: { status: 'not_ready' as const, checks } });
      },
    );
  };
