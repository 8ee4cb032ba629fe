// The search answer (POST /api/search): members of the current organisation by name or email, shared by
// the server (which sends it) and the page (which checks it on arrival).
import { z } from 'zod';
import { envelope } from './envelope';

const searchResultSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchAnswer = envelope(z.array(searchResultSchema));

/** The request: what was typed into the search box. */
export const searchBody = z.object({ query: z.string().max(100) });
