// Where a navigation should go instead, given who is signed in (spec section 2, "Guard behaviour").
// Pure: the route middleware (session-middleware.ts) loads the session and applies the answer.
import { type Host, route, routeHost, routeUrl } from '@/config/paths';
import type { Me } from '@/lib/session/me';
import type { RouteHandle } from './route-handle';

export type SessionState =
  /** The user is loaded. */
  | { status: 'signed-in'; user: Me }
  /** The server answered 401. */
  | { status: 'signed-out' }
  /** The server answered 400 not_two_factor_authenticated: signed in, code still due. */
  | { status: 'two-factor-due' }
  /** Loading the user failed otherwise (no answer, server error, unreadable answer). */
  | { status: 'failed' }
  /** Not asked: the guest flag says nobody is signed in on this browser. */
  | { status: 'unknown' };

export interface GuardInput {
  /** Which site this is: the staff back office or the member join site. */
  host: Host;
  /** The handle of the screen asked for; none for the not-found page. */
  handle: RouteHandle | undefined;
  session: SessionState;
  /** The address asked for (path and query), to come back to after signing in. */
  intended: string;
  /** Join site: the member already holds a membership, so their next step is the welcome screen. */
  welcomeDue?: boolean;
}

/** Which of the session states the guard needs loaded for a screen: all, only a known user, or none. */
export function sessionNeed(handle: RouteHandle | undefined): 'user' | 'known-user' | 'none' {
  if (handle?.auth) return 'user';
  if (handle?.guestOnly) return 'known-user';
  return 'none';
}

/**
 * The join site's next step for a signed-in member (spec: onboarding order photo → payment → confirm);
 * a member who has joined has their account.
 */
export function nextRegisterStep(user: Me, welcomeDue: boolean): string {
  if (welcomeDue) return route('register.welcome-to-gym');
  if (user.registration_complete) return route('account');
  if (!user.profile_picture) return route('register.take-photo');
  if (user.payment_types.length === 0) return route('register.choose-payment-method');
  return route('register.confirm-subscription');
}

/** A page of the given site: a path on this site, or the full address on the other. */
function on(host: Host, name: 'dashboard' | 'register'): string {
  return routeHost(name) === host ? route(name) : routeUrl(name);
}

/** The address to send the navigation to, or null to let it through. */
export function guardRedirect({
  host,
  handle,
  session,
  intended,
  welcomeDue = false,
}: GuardInput): string | null {
  const need = sessionNeed(handle);
  if (need === 'none') return null;

  if (need === 'known-user') {
    if (session.status !== 'signed-in') return null;
    const { user } = session;
    if (host === 'member' && !user.is_staff) return nextRegisterStep(user, welcomeDue);
    return user.is_staff ? on(host, 'dashboard') : on(host, 'register');
  }

  const signIn =
    host === 'staff'
      ? route('login', null, { redirect: intended })
      : route('register', null, { redirect: intended });
  switch (session.status) {
    case 'signed-out':
    case 'failed':
    case 'unknown':
      return signIn;
    case 'two-factor-due':
      return host === 'staff'
        ? route('two-factor-authentication', null, { redirect: intended })
        : route('register.verification-code', null, { twoFactorAuth: true, redirect: intended });
    case 'signed-in':
      break;
  }
  const { user } = session;
  if (host === 'staff' && !user.is_staff) return on(host, 'register');
  if (host === 'member' && user.is_staff) return on(host, 'dashboard');
  if (handle?.organisationAdmin && !user.is_organisation_admin) return route('dashboard');
  if (host === 'member' && handle?.joinStep && user.registration_complete) return route('account');
  if (host === 'member' && handle?.joined && !user.registration_complete)
    return nextRegisterStep(user, welcomeDue);
  return null;
}
