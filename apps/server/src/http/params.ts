// Path parameters shared by every route: a record id is a positive whole number that fits a bigint key.
import { z } from 'zod';

export const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `/…/{id}` */
export const idParam = z.object({ id: recordId });
