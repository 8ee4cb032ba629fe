import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: {
            200: z.object({
              data: z.object({ status: z.literal('ok'), database: z.literal('ok'), time: z.string() }),
            }),
          },
        },
      },
      async () => {
        await deps.db.execute(sql`select 1`);
        return {
          data: { status: 'ok' as const, database: 'ok' as const, time: deps.clock.now().toISOString() },
        };
      },
    );
  };
