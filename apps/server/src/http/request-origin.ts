// Cross-site request refusal for every call that changes something. Checked on the route the router
// matched (request.routeOptions.url), never on the raw address: '/%61pi/…' reaches the same route as
// '/api/…', so it meets the same check. A change must come from the page: the X-Requested-With header
// (which a cross-site form or a 'simple' fetch cannot send), and, when the browser says where it came
// from, the same site (Sec-Fetch-Site) and the same origin as the address it was sent to (Origin).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Provider webhooks come from servers, not the page; they are checked by their signatures instead. */
const SERVER_TO_SERVER = /^\/api\/webhooks\//;

const CROSS_SITE = 'This request came from another site, so it was refused.';

function sameOrigin(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser's cross-origin request
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false; // 'null' (a sandboxed frame, a file) or garbage
  }
}

export function refuseCrossSiteChanges(app: FastifyInstance, allowedOrigins: readonly string[]) {
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route === undefined || SERVER_TO_SERVER.test(route)) return; // unknown routes answer 404
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw new AppError('not_requested_by_page');
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || !sameOrigin(request, allowedOrigins)) {
      throw new AppError('forbidden', { message: CROSS_SITE });
    }
  });
}
