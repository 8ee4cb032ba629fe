// The acting user of a request: who changes what, for the activity log and the services' checks.
import type { FastifyRequest } from 'fastify';
import { type AuthContext, authOf } from './guard';

export interface Actor {
  auth: AuthContext;
  requestId: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ auth: authOf(request), requestId: request.id });
