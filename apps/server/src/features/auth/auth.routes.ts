import {
  acceptInvitationBody,
  forgotPasswordBody,
  loginBody,
  passwordSetBody,
  verifyCodeBody,
} from '@gym/domain/api/auth-requests';
import { invitationAnswer, loginAnswer, meAnswer, messageAnswer } from '@gym/domain/api/me';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard, resolveAuth } from '../../auth/guard';
import { clearSessionCookie, revokeSession, setSessionCookie } from '../../auth/session';
import { errorResponses } from '../../http/envelope';
import {
  acceptInvitationByLink,
  forgotPassword,
  login,
  resendCode,
  setPasswordWithToken,
  verifyCode,
} from './auth.service';
import { presentMe } from './me.presenter';

const errors = errorResponses(400, 401, 403, 422, 429);

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent:
        typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    });

    app.post(
      '/api/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: loginBody,
          response: { 200: loginAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const result = await login(deps, request.body, client(request));
        setSessionCookie(reply, deps.env, result.token);
        request.log.info({ user_id: result.user.id }, 'signed in');
        if (result.twoFactorRequired) return { data: null, two_factor_required: true };
        request.cookies.gym_session = result.token;
        const auth = await resolveAuth(deps, request);
        return { data: auth ? await presentMe(deps, auth) : null, two_factor_required: false };
      },
    );

    app.post(
      '/api/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out (ends the session on the server)',
          response: { 200: messageAnswer },
        },
      },
      async (request, reply) => {
        const auth = await resolveAuth(deps, request);
        if (auth) await revokeSession(deps.db, auth.session.id, deps.clock.now());
        clearSessionCookie(reply, deps.env);
        return { message: 'Signed out.' };
      },
    );

    app.get(
      '/api/me',
      {
        preHandler: guard(deps),
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: meAnswer, ...errors },
        },
      },
      async (request) => ({ data: await presentMe(deps, authOf(request)) }),
    );

    app.post(
      '/api/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Email a password reset link (the answer is the same whether or not the address has an account)',
          body: forgotPasswordBody,
          response: { 200: messageAnswer, ...errors },
        },
      },
      async (request) => {
        await forgotPassword(deps, request.body.email, client(request));
        return {
          message: 'If that email address has an account, we have sent it a link to reset the password.',
        };
      },
    );

    app.post(
      '/api/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Choose a new password from a reset link',
          body: passwordSetBody,
          response: { 200: messageAnswer, ...errors },
        },
      },
      async (request) => {
        await setPasswordWithToken(deps, 'password_reset', request.body);
        return { message: 'Your password has been reset. Sign in with your new password.' };
      },
    );

    app.post(
      '/api/set-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a password from an invitation link (and end signed in to the inviting organisation)',
          body: passwordSetBody,
          response: { 200: invitationAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { token } = await setPasswordWithToken(deps, 'invitation', request.body, client(request));
        if (!token) return { message: 'Your password is set. Sign in to continue.', signed_in: false };
        setSessionCookie(reply, deps.env, token);
        return { message: 'Your password is set and you are signed in.', signed_in: true };
      },
    );

    app.post(
      '/api/accept-invitation',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Accept a staff invitation from its emailed link (an account that already has a password ends signed in)',
          body: acceptInvitationBody,
          response: { 200: invitationAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { needsPassword, token } = await acceptInvitationByLink(deps, request.body, client(request));
        if (token) setSessionCookie(reply, deps.env, token);
        return {
          message: needsPassword
            ? 'The invitation is accepted. Set your password from the invitation email to sign in.'
            : 'The invitation is accepted and you are signed in.',
          signed_in: token !== null,
        };
      },
    );

    app.post(
      '/api/email/verify',
      {
        preHandler: guard(deps, { allowUnverified: true }),
        schema: {
          tags: ['auth'],
          summary: 'Check the emailed two-factor code',
          body: verifyCodeBody,
          response: { 200: messageAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const token = await verifyCode(deps, auth.user, auth.session, request.body.code, client(request));
        setSessionCookie(reply, deps.env, token);
        return { message: 'Verified.' };
      },
    );

    app.post(
      '/api/email/resend',
      {
        preHandler: guard(deps, { allowUnverified: true }),
        schema: {
          tags: ['auth'],
          summary: 'Email a new two-factor code',
          response: { 200: messageAnswer, ...errors },
        },
      },
      async (request) => {
        await resendCode(deps, authOf(request).user);
        return { message: 'We have emailed you a new code.' };
      },
    );
  };
