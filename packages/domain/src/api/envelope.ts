// The answer envelope of DESIGN.md section 5, shared by the server (which sends it) and the page (which
// checks it on arrival): `{data}`, and `{data, meta}` for a page of a list.
import { z } from 'zod';

export const pageMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMeta });
