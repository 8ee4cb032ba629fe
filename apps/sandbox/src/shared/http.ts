// A fastify listener configured like a provider's API edge: raw bodies kept (for signatures and
// idempotency), bracket-notation forms, provider-shaped errors, and the fault injector in front.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FaultInjector } from './faults';
import { parseForm } from './form-body';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody: string;
  }
}

/** An answer in the provider's own error shape; route code throws it. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export interface ServiceAppOptions {
  faults: FaultInjector;
  /** The provider's error body for a status (used for faults, unknown routes and unexpected errors). */
  errorBody(status: number, message: string): unknown;
}

export function createServiceApp(options: ServiceAppOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    routerOptions: { querystringParser: (query: string) => parseForm(query) },
  });
  app.decorateRequest('rawBody', '');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new ProviderHttpError(400, options.errorBody(400, 'The request body is not valid JSON.')),
        undefined,
      );
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      request.rawBody = String(body);
      done(null, parseForm(String(body)));
    },
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = String(body);
    done(null, String(body));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__sandbox')) return;
    const fault = options.faults.take();
    if (!fault) return;
    if (fault.kind === 'timeout') {
      reply.hijack();
      options.faults.hold(request.raw.socket, fault.holdMs);
      return reply;
    }
    return reply.status(fault.status).send(options.errorBody(fault.status, 'Simulated provider failure.'));
  });
  app.addHook('onClose', async () => options.faults.releaseAll());

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ProviderHttpError) {
      return reply.status(error.status).headers(error.headers).send(error.body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(options.errorBody(status, (error as Error).message));
    }
    return reply.status(500).send(options.errorBody(500, 'Internal error'));
  });
  return app;
}

export async function listen(app: FastifyInstance, host: string, port: number): Promise<number> {
  await app.listen({ host, port });
  return (app.server.address() as AddressInfo).port;
}

/** The address a browser or client uses for a listener bound to `host`. */
export function baseUrl(host: string, port: number): string {
  const visible = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${visible.includes(':') ? `[${visible}]` : visible}:${port}`;
}
