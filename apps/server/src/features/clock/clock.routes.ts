// GET/POST /api/dev/clock: where the application clock stands, and moving it forward (organisation
// admins, sandbox only: 404 with live providers or in production). Moving it runs every billing day
// passed on the way and answers when they are done.
import { clockReading, MAX_CLOCK_DAYS, travelAnswer, travelClockBody } from '@gym/domain/api/dev-clock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { guard } from '../../auth/guard';
import { notFound, validationError } from '../../http/app-error';
import { errorResponses } from '../../http/envelope';
import { clockCanTravel, followSharedClock, clockReading as read, travel } from './clock.service';

const errors = errorResponses(401, 403, 404, 422);
const NO_TRAVEL = 'The clock only moves in a sandbox.';

export const clockRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admins = guard(deps, { organisationAdmin: true });
    const tags = ['dev'];
    app.get(
      '/api/dev/clock',
      {
        preHandler: admins,
        schema: {
          tags,
          summary: 'The application clock: now, and today in Pacific/Auckland (sandbox only)',
          response: { 200: z.object({ data: clockReading }), ...errors },
        },
      },
      async () => {
        if (!clockCanTravel(deps)) throw notFound(NO_TRAVEL);
        await followSharedClock(deps);
        return { data: read(deps) };
      },
    );
    app.post(
      '/api/dev/clock',
      {
        preHandler: admins,
        schema: {
          tags,
          summary:
            'Moves the clock forward by days or to an instant, running each billing day on the way (sandbox only)',
          body: travelClockBody,
          response: { 200: z.object({ data: travelAnswer }), ...errors },
        },
      },
      async (request) => {
        if (!clockCanTravel(deps)) throw notFound(NO_TRAVEL);
        // From where any process moved it last (another server may have taken the previous move).
        await followSharedClock(deps);
        const now = deps.clock.now();
        const body = request.body;
        const target = body.to ? new Date(body.to) : new Date(now.getTime() + body.days! * 86_400_000);
        if (body.to && target <= now) throw validationError({ to: ['The clock only moves forward'] });
        if (body.to && target.getTime() - now.getTime() > MAX_CLOCK_DAYS * 86_400_000)
          throw validationError({ to: ['At most two years ahead in one move'] });
        const days = await travel(deps, target);
        return { data: { ...read(deps), days } };
      },
    );
  };
