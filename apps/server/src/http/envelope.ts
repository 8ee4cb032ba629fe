// The response envelope of DESIGN.md section 5: `{data}`, and `{data, meta}` for pages of a list.
import { z } from 'zod';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type PageQuery = z.infer<typeof pageQuery>;

export { envelope, pageEnvelope } from '@gym/domain/api/envelope';

export const ok = <T>(data: T) => ({ data });

export function page<T>(data: T[], total: number, query: PageQuery) {
  return {
    data,
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.per_page;

/** Error bodies, for the OpenAPI document. */
export const errorBody = z.object({
  message: z.string(),
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The error answers a route can give, for its response schema: `errorResponses(401, 403, 404)`. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorBody } {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as {
    [K in S[number]]: typeof errorBody;
  };
}
