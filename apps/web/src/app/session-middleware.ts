// The route guard (spec section 2): before a screen loads, make sure the session is known as far as the
// screen needs, then redirect as session-guard.ts decides.

import type { QueryClient } from '@tanstack/react-query';
import { type MiddlewareFunction, redirect } from 'react-router';
import type { Host } from '@/config/paths';
import { api } from '@/lib/api-client';
import { isApiError, NOT_TWO_FACTOR_AUTHENTICATED } from '@/lib/api-error';
import { onDemand } from '@/lib/on-demand';
import { readGuestFlag, writeGuestFlag } from '@/lib/session/guest-flag';
import { ME_QUERY_KEY, type Me, meQueryOptions } from '@/lib/session/me';
import type { RouteHandle } from './route-handle';
import { queryClientContext } from './router-context';
import { guardRedirect, type SessionState, sessionNeed } from './session-guard';

/** Loads the user once (later calls read the cache) and turns the answer into a session state. */
async function loadSession(queryClient: QueryClient): Promise<SessionState> {
  try {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    writeGuestFlag('isNotGuest');
    return { status: 'signed-in', user };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      writeGuestFlag('isGuest');
      return { status: 'signed-out' };
    }
    if (isApiError(error) && error.code === NOT_TWO_FACTOR_AUTHENTICATED) return { status: 'two-factor-due' };
    return { status: 'failed' };
  }
}

/**
 * Guest-only screens need only to know whether someone is signed in. A browser flagged as a guest is
 * taken at its word (no call); otherwise the server is asked, and any failure counts as "nobody".
 */
async function knownSession(queryClient: QueryClient): Promise<SessionState> {
  if (readGuestFlag() === 'isGuest') return { status: 'unknown' };
  const cached = queryClient.getQueryData<Me>(ME_QUERY_KEY);
  if (cached) return { status: 'signed-in', user: cached };
  if (readGuestFlag() !== 'isNotGuest') return { status: 'unknown' };
  const session = await loadSession(queryClient);
  return session.status === 'signed-in' ? session : { status: 'unknown' };
}

const handoverAnswer = onDemand(() => import('@gym/domain/api/registration').then((m) => m.handoverAnswer));

/** The join site's address that signs this member in there (POST /api/handover), or `fallback`. */
async function handoverUrl(fallback: string): Promise<string> {
  try {
    const answer = await api.post('/api/handover', undefined, {
      schema: handoverAnswer,
      skipErrorHandler: true,
    });
    return answer.data.url;
  } catch {
    return fallback;
  }
}

interface GuardOptions {
  host: Host;
  /** The handle of the screen at an address. */
  handleAt: (pathname: string) => RouteHandle | undefined;
}

export function sessionGuard({ host, handleAt }: GuardOptions): MiddlewareFunction {
  return async ({ request, context }) => {
    const url = new URL(request.url);
    const handle = handleAt(url.pathname);
    const need = sessionNeed(handle);
    if (need === 'none') return;
    const queryClient = context.get(queryClientContext);
    const session = need === 'user' ? await loadSession(queryClient) : await knownSession(queryClient);
    const target = guardRedirect({ host, handle, session, intended: url.pathname + url.search });
    if (target && host === 'staff' && session.status === 'signed-in' && !session.user.is_staff) {
      // A member signed in here belongs on the join site, whose cookies are its own: hand them over with
      // a one-time token rather than sending them there signed out.
      // A full page load on the other host (not the router's redirect): the join site starts afresh there.
      window.location.assign(await handoverUrl(target));
      return new Promise<never>(() => undefined);
    }
    if (target) throw redirect(target);
  };
}
