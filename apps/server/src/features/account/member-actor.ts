// The member acting on their own account: a signed-in, verified session that is not staff's (staff have
// the back office; their sessions are refused here with 403, guests get 401 from the guard).
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../auth/actor';
import { authOf } from '../../auth/guard';
import { forbidden } from '../../http/app-error';

export function memberActorOf(request: FastifyRequest): Actor {
  const auth = authOf(request);
  if (auth.user.isStaff || auth.isStaffHere)
    throw forbidden('Staff use the back office, not a member’s account.');
  return { auth, requestId: request.id };
}
