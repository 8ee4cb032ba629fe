// Users (managed users: `send_emails: false`, `confirm: true`) and logins created on their behalf,
// whose secret is the credential a member's app would unlock with.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authenticate, requireAdmin } from './auth';
import { type KisiContext, nowIso } from './context';
import { forbidden, notFound, validationError } from './errors';
import { paginate, presentUser, section, text } from './present';
import type { KisiLogin, KisiUser } from './state';

type IdParams = { Params: { id: string } };
type Query = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const presentLogin = (login: KisiLogin, user: KisiUser, withSecret: boolean) => ({
  id: login.id,
  type: login.type,
  name: login.name,
  primary: false,
  device_brand: login.device_brand,
  device_model: login.device_model,
  os_name: login.os_name,
  expire: login.expire,
  created_at: login.created_at,
  last_used_at: login.last_used_at,
  user: { id: user.id, email: user.email, name: user.name },
  ...(withSecret ? { secret: login.secret } : {}),
});

export function registerUserRoutes(app: FastifyInstance, ctx: KisiContext): void {
  const { state } = ctx;
  const userById = (id: unknown) => {
    const user = state.users.get(Number(id));
    if (!user) throw notFound('User');
    return user;
  };

  app.get('/users', async (request, reply) => {
    requireAdmin(ctx, request);
    const query = request.query as Query;
    const needle = typeof query.query === 'string' ? query.query.toLowerCase() : '';
    const users = [...state.users.values()].filter(
      (u) => !needle || u.email.toLowerCase().includes(needle) || u.name.toLowerCase().includes(needle),
    );
    return paginate(reply, users.map(presentUser), query);
  });
  app.get<IdParams>('/users/:id', async (request) => {
    requireAdmin(ctx, request);
    return presentUser(userById(request.params.id));
  });
  app.post('/users', async (request) => {
    requireAdmin(ctx, request);
    const input = section(request.body, 'user');
    const email = text(input.email)?.toLowerCase();
    if (!email || !EMAIL.test(email)) throw validationError({ email: ["can't be blank or invalid"] });
    if ([...state.users.values()].some((u) => u.email === email))
      throw validationError({ email: ['has already been taken'] });
    const now = nowIso(ctx);
    const user: KisiUser = {
      id: state.id(),
      name: text(input.name) ?? email,
      email,
      confirmed: input.confirm === true || input.confirm === 'true',
      send_emails: !(input.send_emails === false || input.send_emails === 'false'),
      metadata:
        typeof input.metadata === 'object' && input.metadata !== null
          ? (input.metadata as Record<string, unknown>)
          : null,
      created_at: now,
      updated_at: now,
    };
    state.users.set(user.id, user);
    return presentUser(user);
  });
  app.patch<IdParams>('/users/:id', async (request, reply) => {
    requireAdmin(ctx, request);
    const user = userById(request.params.id);
    const input = section(request.body, 'user');
    if (text(input.name)) user.name = text(input.name)!;
    user.updated_at = nowIso(ctx);
    return reply.status(204).send();
  });
  app.delete<IdParams>('/users/:id', async (request, reply) => {
    requireAdmin(ctx, request);
    const user = userById(request.params.id);
    state.users.delete(user.id);
    for (const [id, login] of state.logins) if (login.userId === user.id) state.logins.delete(id);
    for (const [id, ra] of state.roleAssignments)
      if (ra.user_id === user.id) state.roleAssignments.delete(id);
    return reply.status(204).send();
  });

  app.post('/logins', async (request) => {
    const caller = authenticate(ctx, request);
    const input = section(request.body, 'login');
    const email = text(input.email)?.toLowerCase();
    const user = email ? [...state.users.values()].find((u) => u.email === email) : caller.user;
    if (!user) throw validationError({ email: ['does not belong to a user of this organization'] });
    if (user.id !== caller.user.id && !caller.isAdmin) throw forbidden();
    const login: KisiLogin = {
      id: state.id(),
      userId: user.id,
      type: text(input.type) ?? 'device',
      name: text(input.name) ?? null,
      device_brand: text(input.device_brand) ?? null,
      device_model: text(input.device_model) ?? null,
      os_name: text(input.os_name) ?? null,
      expire: !(input.expire === false || input.expire === 'false'),
      secret: randomBytes(24).toString('hex'),
      created_at: nowIso(ctx),
      last_used_at: null,
    };
    state.logins.set(login.id, login);
    return presentLogin(login, user, true);
  });
  app.get('/logins', async (request, reply) => {
    const caller = authenticate(ctx, request);
    const userId = Number((request.query as Query).user_id ?? caller.user.id);
    if (userId !== caller.user.id && !caller.isAdmin) throw forbidden();
    const logins = [...state.logins.values()].filter((l) => l.userId === userId);
    return paginate(
      reply,
      logins.map((l) => presentLogin(l, state.users.get(l.userId)!, false)),
      request.query as Query,
    );
  });
  app.delete<IdParams>('/logins/:id', async (request, reply) => {
    const caller = authenticate(ctx, request);
    const login = state.logins.get(Number(request.params.id));
    if (!login) throw notFound('Login');
    if (login.userId !== caller.user.id && !caller.isAdmin) throw forbidden();
    state.logins.delete(login.id);
    return reply.status(204).send();
  });
}
