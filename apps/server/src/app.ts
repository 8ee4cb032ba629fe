// Builds the HTTP application from its dependencies. Tests call it in-process with `app.inject`.
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import * as Sentry from '@sentry/node';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { devToolsEnabled } from './config/env';
import { isUniqueViolation } from './db/errors';
import { accessControlRoutes } from './features/access-control/access-control.routes';
import { accountRoutes } from './features/account/account.routes';
import { atRiskRoutes } from './features/at-risk/at-risk.routes';
import { authRoutes } from './features/auth/auth.routes';
import { offeringRoutes } from './features/catalogue/offerings.routes';
import { priceRoutes } from './features/catalogue/prices.routes';
import { checkInRoutes } from './features/check-in/check-in.routes';
import { clockRoutes } from './features/clock';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { expectedPaymentsRoutes } from './features/expected-payments';
import { gymsRoutes } from './features/gyms/gyms.routes';
import { healthRoutes } from './features/health/health.routes';
import { membersRoutes } from './features/members/members.routes';
import { organisationsRoutes } from './features/organisations/organisations.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { registrationRoutes } from './features/registration/registration.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { searchRoutes } from './features/search/search.routes';
import { staffRoutes } from './features/staff/staff.routes';
import { stripeConnectRoutes } from './features/stripe-connect/stripe-connect.routes';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { tenancyRoutes } from './features/tenancy/tenancy.routes';
import { visitsRoutes } from './features/visits/visits.routes';
import { webhookRoutes } from './features/webhooks/webhooks.routes';
import { weeklyDigestRoutes } from './features/weekly-digest/weekly-digest.routes';
import { AppError, conflict } from './http/app-error';
import { openApiTransform } from './http/multipart-form';
import { registerPageHost } from './http/page-host';
import { refuseCrossSiteChanges } from './http/request-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { configureValidationMessages, refuseUnsafeText, toValidationAppError } from './http/validation';
import { registerMetrics } from './metrics/metrics.routes';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  configureValidationMessages();
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      disableRequestLogging: deps.env.NODE_ENV === 'test',
    }),
    bodyLimit: 1024 * 1024,
    // Only as many proxies as the deployment says sit in front (default none): X-Forwarded-For from
    // anyone else is not believed, so it cannot dodge the per-address limits.
    trustProxy: (_address: string, hop: number) => hop < deps.env.TRUST_PROXY_HOPS,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error, request, reply) => {
    const known = error instanceof AppError ? error : toValidationAppError(error as never);
    if (known) {
      if (known.headers) reply.headers(known.headers);
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(known.status).send(known.toBody());
    }
    if (isUniqueViolation(error)) {
      // Two requests raced past the service's own check: the database's unique key decided.
      request.log.warn({ err: error }, 'unique key refused a concurrent change');
      return reply
        .code(409)
        .send(conflict('This was changed at the same time elsewhere. Please try again.').toBody());
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ message: (error as Error).message, error: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    Sentry.captureException(error);
    const internal = new AppError('internal');
    return reply.code(500).send(internal.toBody());
  });

  registerMetrics(app, deps);
  registerSecurityHeaders(app, deps.env);
  refuseUnsafeText(app);
  refuseCrossSiteChanges(app, [new URL(deps.env.APP_URL).origin, new URL(deps.env.REGISTER_URL).origin]);

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Gym membership API',
        version: '1.0.0',
        description:
          'Staff back office and member registration API. Answers wrap content in `data`; lists add `meta`.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'gym_session' } } },
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy for its own files, kept from being framed, and usable over plain http locally.
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' upgrade-insecure-requests;', ''),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(tenancyRoutes(deps));
  await app.register(searchRoutes(deps));
  await app.register(offeringRoutes(deps));
  await app.register(priceRoutes(deps));
  await app.register(organisationsRoutes(deps));
  await app.register(gymsRoutes(deps));
  await app.register(staffRoutes(deps));
  await app.register(membersRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(stripeConnectRoutes(deps));
  await app.register(accessControlRoutes(deps));
  await app.register(expectedPaymentsRoutes(deps));
  await app.register(subscriptionRoutes(deps));
  await app.register(registrationRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(paymentsRoutes(deps));
  await app.register(visitsRoutes(deps));
  await app.register(checkInRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(reportsRoutes(deps));
  await app.register(atRiskRoutes(deps));
  await app.register(weeklyDigestRoutes(deps));
  // The travelling clock is a sandbox's developer tool: in production or with live providers it is not there.
  if (devToolsEnabled(deps.env)) await app.register(clockRoutes(deps));
  if (deps.mailCapture && devToolsEnabled(deps.env)) await app.register(devMailboxRoutes(deps.mailCapture));

  await registerPageHost(app, deps.env, deps.webDistDir ?? '');
  return app;
}
