// Credentials as the real API checks them: `X-Akahu-Id` names the app on every call; user endpoints
// take `Authorization: Bearer <user token>`; app endpoints take HTTP Basic `appToken:appSecret`.
import type { FastifyRequest } from 'fastify';
import type { AkahuContext } from './context';
import { unauthorized } from './errors';
import type { AkahuApp, AkahuToken } from './state';

/**
 * Apps are known when registered, or by convention: `app_token_<name>` has the secret `app_secret_<name>`,
 * so seeded gyms can each have their own Akahu app without setting anything up.
 */
export function resolveApp(ctx: AkahuContext, appToken: string | undefined): AkahuApp | undefined {
  if (!appToken) return undefined;
  const known = ctx.state.apps.get(appToken);
  if (known) return known;
  const { defaultApp } = ctx.settings;
  if (appToken === defaultApp.appToken) return registerApp(ctx, { ...defaultApp });
  const match = /^app_token_([A-Za-z0-9_-]+)$/.exec(appToken);
  if (!match) return undefined;
  return registerApp(ctx, { appToken, appSecret: `app_secret_${match[1]}` });
}

export function registerApp(ctx: AkahuContext, app: AkahuApp): AkahuApp {
  ctx.state.apps.set(app.appToken, app);
  return app;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function requireApp(ctx: AkahuContext, request: FastifyRequest): AkahuApp {
  const app = resolveApp(ctx, header(request, 'x-akahu-id'));
  if (!app) throw unauthorized();
  return app;
}

export function requireUser(
  ctx: AkahuContext,
  request: FastifyRequest,
): { app: AkahuApp; token: AkahuToken } {
  const app = requireApp(ctx, request);
  const match = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '');
  const token = match ? ctx.state.tokens.get(match[1]!) : undefined;
  if (!token || token.appToken !== app.appToken) throw unauthorized();
  return { app, token };
}

export function requireBasic(ctx: AkahuContext, request: FastifyRequest): AkahuApp {
  const app = requireApp(ctx, request);
  const match = /^Basic\s+(\S+)$/i.exec(header(request, 'authorization') ?? '');
  if (!match) throw unauthorized();
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const [user, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  if (colon < 0 || user !== app.appToken || password !== app.appSecret) throw unauthorized();
  return app;
}
