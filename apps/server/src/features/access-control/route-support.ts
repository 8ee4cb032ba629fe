// What every access-control route shares: its error answers and the current-organisation check.
import { authOf } from '../../auth/guard';
import { notFound } from '../../http/app-error';
import { errorBody } from '../../http/envelope';

export const accessControlErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  502: errorBody,
};

/** Paths naming an organisation must name the current one; any other answers 404. */
export function requireCurrentOrganisation(request: Parameters<typeof authOf>[0], organisationId: number) {
  if (authOf(request).organisationId !== organisationId) throw notFound('Organisation not found.');
}

export const actorOf = (request: Parameters<typeof authOf>[0]) => ({
  auth: authOf(request),
  requestId: request.id,
});
