// Who is asking: loads the session, the user and their memberships once per request, and enforces
// sign-in, two-factor, staff status and organisation-admin status.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
import type { GymMembership, Memberships, OrganisationMembership } from './memberships';
import { findSignedIn, SESSION_COOKIE, type SessionRow, type UserRow } from './session';

export interface AuthContext {
  user: UserRow;
  session: SessionRow;
  memberships: Memberships;
  organisation: OrganisationMembership | null;
  gym: GymMembership | null;
  /** The current organisation's id; every query of a signed-in request is scoped by it. */
  organisationId: number;
  isOrganisationAdmin: boolean;
  isGymAdmin: boolean;
  /** Gyms of the current organisation the user holds a staff role at. */
  staffGymIds: number[];
  /** Staff of the current organisation (an accepted, active staff membership there), whatever elsewhere. */
  isStaffHere: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export interface GuardOptions {
  /** Staff of the current organisation only; members (and staff of other organisations) get 403. */
  staff?: boolean;
  /** Organisation admins of the current organisation only. */
  organisationAdmin?: boolean;
  /** Lets a session that has not passed two-factor through (verify, resend, logout). */
  allowUnverified?: boolean;
}

export async function resolveAuth(deps: AppDeps, request: FastifyRequest): Promise<AuthContext | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const found = await findSignedIn(deps.db, token, deps.clock.now());
  if (!found) return null;
  const { memberships } = found;
  const organisation =
    memberships.organisations.find((o) => o.id === found.session.currentOrganisationId) ??
    memberships.organisations[0] ??
    null;
  const orgGyms = memberships.gyms.filter((g) => g.organisation_id === organisation?.id);
  const gym = orgGyms.find((g) => g.id === found.session.currentGymId) ?? orgGyms[0] ?? null;
  const staffGyms = orgGyms.filter((g) => g.role !== null);
  return {
    user: found.user,
    session: found.session,
    memberships,
    organisation,
    gym,
    organisationId: organisation?.id ?? 0,
    isOrganisationAdmin: organisation?.role === 'admin',
    isGymAdmin: staffGyms.some((g) => g.role === 'admin'),
    staffGymIds: staffGyms.map((g) => g.id),
    isStaffHere: organisation !== null && (organisation.role !== null || staffGyms.length > 0),
  };
}

export function guard(deps: AppDeps, options: GuardOptions = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = await resolveAuth(deps, request);
    if (!auth) throw new AppError('unauthenticated');
    // A session counts once its emailed code is checked: two-factor users at each sign-in, and a member
    // who has just joined (their first session proves the email address). Others' sessions start verified.
    if (!auth.session.twoFactorVerifiedAt && !options.allowUnverified) {
      throw new AppError('not_two_factor_authenticated');
    }
    if ((options.staff || options.organisationAdmin) && !auth.isStaffHere) {
      throw new AppError('forbidden', { message: 'You are not staff of this organisation.' });
    }
    if (options.organisationAdmin && !auth.isOrganisationAdmin) {
      throw new AppError('forbidden', { message: 'Only organisation admins can do this.' });
    }
    request.auth = auth;
  };
}

/** The auth context of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}
