// The signed-in organisation admin's own weekly digest setting: GET/PUT /api/me/weekly-digest (on
// unless switched off; their staff page's "Your settings").
import { digestSettingAnswer, digestSettingRequest } from '@gym/domain/api/at-risk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { digestSetting, setDigestSetting } from './weekly-digest.repository';

export const weeklyDigestRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admins = guard(deps, { organisationAdmin: true });
    const tags = ['reports'];
    const read = async (organisationId: number, userId: number) => ({
      weekly_digest: (await digestSetting(deps.db, organisationId, userId)) ?? false,
    });

    app.get(
      '/api/me/weekly-digest',
      {
        preHandler: admins,
        schema: {
          tags,
          summary: "Whether the weekly digest email comes to you (an organisation's admins)",
          response: { 200: digestSettingAnswer, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return { data: await read(auth.organisationId, auth.user.id) };
      },
    );

    app.put(
      '/api/me/weekly-digest',
      {
        preHandler: admins,
        schema: {
          tags,
          summary: 'Switches your weekly digest email on or off',
          body: digestSettingRequest,
          response: { 200: digestSettingAnswer, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        await setDigestSetting(deps.db, auth.organisationId, auth.user.id, request.body.weekly_digest);
        return { data: await read(auth.organisationId, auth.user.id) };
      },
    );
  };
