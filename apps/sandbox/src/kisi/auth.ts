// `Authorization: KISI-LOGIN <secret>`: the organisation's API key acts as the owner; a login's
// secret (created for a managed user) acts as that user.
import type { FastifyRequest } from 'fastify';
import type { KisiContext } from './context';
import { forbidden, unauthorized } from './errors';
import type { KisiUser } from './state';

export interface KisiCaller {
  user: KisiUser;
  isAdmin: boolean;
  /** The API key used, when it is one of the organisation keys (each sees its own places). */
  apiKey?: string;
}

export function authenticate(ctx: KisiContext, request: FastifyRequest): KisiCaller {
  const header = request.headers.authorization;
  const match = /^KISI-LOGIN\s+(\S+)$/i.exec(typeof header === 'string' ? header : '');
  if (!match) throw unauthorized();
  const secret = match[1]!;
  if (secret === ctx.settings.apiKey || ctx.settings.extraApiKeys?.has(secret)) {
    const owner = ctx.state.users.get(ctx.state.ownerId);
    if (owner) return { user: owner, isAdmin: true, apiKey: secret };
  }
  const login = [...ctx.state.logins.values()].find((l) => l.secret === secret);
  const user = login ? ctx.state.users.get(login.userId) : undefined;
  if (!login || !user) throw unauthorized();
  login.last_used_at = ctx.runtime.clock.now().toISOString();
  return { user, isAdmin: false };
}

export function requireAdmin(ctx: KisiContext, request: FastifyRequest): KisiCaller {
  const caller = authenticate(ctx, request);
  if (!caller.isAdmin) throw forbidden();
  return caller;
}
