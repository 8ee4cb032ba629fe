// Uploading a gym's logo (multipart: collection=logo, file) and serving it back with cache headers.

import { gymAnswer } from '@gym/domain/api/gyms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { AppError, notFound, validationError } from '../../http/app-error';
import { errorResponses } from '../../http/envelope';
import { imageUploadForm } from '../../http/multipart-form';
import { idParam } from '../../http/params';
import { MAX_PIXELS_TEXT } from '../../storage/uploaded-image';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, readLogo, storeLogo, TOO_LARGE } from './gym-logo.service';
import { presentGym } from './gyms.presenter';
import { findGym } from './gyms.repository';
import { gymFor } from './gyms.service';

const errors = errorResponses(400, 401, 403, 404, 415, 422);

/** Reads the form: the `collection` field and one `file`, refusing more than LOGO_MAX_BYTES. */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', { message: 'Send the logo as multipart/form-data.' });
  let collection: string | undefined;
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = bytes;
      } else if (part.fieldname === 'collection') {
        collection = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ file: [TOO_LARGE] });
    if (code === 'FST_FILES_LIMIT') throw validationError({ file: ['Send one file'] });
    // A form without a boundary, or cut short: the client's fault, said plainly.
    throw new AppError('bad_request', {
      message: 'The upload could not be read: send the logo again as multipart/form-data.',
      cause: error,
    });
  }
  const problems: Record<string, string[]> = {};
  if (!collection?.trim()) problems.collection = ['Value is required'];
  else if (collection.trim() !== 'logo') problems.collection = ['Value must be one of: logo'];
  if (!file?.length) problems.file = ['Value is required'];
  if (Object.keys(problems).length) throw validationError(problems);
  return file!;
}

export const gymLogoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['gyms'];

    app.post(
      '/api/gyms/:id/logo',
      {
        preHandler: guard(deps, { staff: true }),
        schema: {
          tags,
          summary: 'Upload the gym’s logo (multipart: collection=logo, file: PNG, JPEG or WebP up to 2 MB)',
          consumes: ['multipart/form-data'],
          multipartForm: imageUploadForm({
            description: `The logo as a form: collection=logo and one file, a PNG, JPEG or WebP image of at most ${LOGO_MAX_BYTES / 1024 / 1024} MB and ${MAX_PIXELS_TEXT} pixels, kept as a PNG of at most ${LOGO_MAX_SIDE} px a side`,
            fields: { collection: { type: 'string', enum: ['logo'], description: 'Always "logo"' } },
            file: `PNG, JPEG or WebP, at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`,
          }),
          params: idParam,
          response: { 200: gymAnswer, ...errors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { gym } = await gymFor(deps, actor.auth, request.params.id, 'manage');
        const upload = await readForm(request);
        return { data: presentGym(await storeLogo(deps, actor, gym, upload)) };
      },
    );

    app.get(
      '/api/gyms/:id/logo',
      {
        preHandler: guard(deps),
        schema: { tags, summary: 'The gym’s logo (PNG), for people of its organisation', params: idParam },
      },
      async (request, reply) => {
        const gym = await findGym(deps.db, authOf(request).organisationId, request.params.id);
        const bytes = gym?.logoPath ? await readLogo(deps, gym.logoPath) : null;
        if (!gym || !bytes) throw notFound('This gym has no logo.');
        const etag = `"${(gym.logoUpdatedAt ?? gym.updatedAt).getTime().toString(36)}-${bytes.length.toString(36)}"`;
        // The logo URL carries a version, so browsers may keep it; the ETag revalidates an old URL cheaply.
        reply
          .header('etag', etag)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('image/png').send(bytes);
      },
    );
  };
