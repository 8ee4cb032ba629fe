// POST /v1/token (code exchange, OAuth error shapes) and DELETE /v1/token (revoke the user's consent).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requireApp, requireUser } from './auth';
import type { AkahuContext } from './context';
import { oauthError } from './errors';
import { emitTokenRevoked } from './events';

type Body = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function registerTokenRoutes(app: FastifyInstance, ctx: AkahuContext): void {
  app.post('/v1/token', async (request) => {
    const body = (request.body ?? {}) as Body;
    if (text(body.grant_type) !== 'authorization_code') {
      throw oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code.');
    }
    const appRecord = requireApp(ctx, request);
    if (text(body.client_id) !== appRecord.appToken || text(body.client_secret) !== appRecord.appSecret) {
      throw oauthError(401, 'invalid_client', 'Client authentication failed.');
    }
    const code = ctx.state.codes.get(text(body.code) ?? '');
    if (!code || code.used || code.appToken !== appRecord.appToken) {
      throw oauthError(400, 'invalid_grant', 'The authorization code is invalid or has already been used.');
    }
    if (code.expiresAt < ctx.runtime.clock.nowMs()) {
      throw oauthError(400, 'invalid_grant', 'The authorization code has expired.');
    }
    if (text(body.redirect_uri) !== code.redirectUri) {
      throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    code.used = true;
    const token = `user_token_${randomBytes(20).toString('hex')}`;
    ctx.state.tokens.set(token, {
      token,
      appToken: appRecord.appToken,
      userId: code.userId,
      authorisationId: code.authorisationId,
      scope: code.scope,
      accountIds: code.accountIds,
      created_at: ctx.runtime.clock.now().toISOString(),
    });
    return { success: true, access_token: token, token_type: 'bearer', scope: code.scope };
  });

  app.delete('/v1/token', async (request) => {
    const { token } = requireUser(ctx, request);
    emitTokenRevoked(ctx, token.token);
    ctx.state.tokens.delete(token.token);
    return { success: true };
  });
}
