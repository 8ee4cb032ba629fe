// What every access-control route shares: its error answers and the current-organisation check.
import { authOf } from '../../auth/guard';
import { notFound } from '../../http/app-error';
import { errorResponses } from '../../http/envelope';

export const accessControlErrors = errorResponses(400, 401, 403, 404, 409, 422, 502);

/** Paths naming an organisation must name the current one; any other answers 404. */
export function requireCurrentOrganisation(request: Parameters<typeof authOf>[0], organisationId: number) {
  if (authOf(request).organisationId !== organisationId) throw notFound('Organisation not found.');
}
