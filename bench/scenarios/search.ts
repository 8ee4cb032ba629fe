import { SEARCH_LIMIT, searchMembers } from '../../apps/server/src/public-testing';
import { recordStatements, type Scenario } from '../scenario';

// The global search box, as staff type into it: common name prefixes ("smi" is about 6 % of the bench's
// members, "a" most of them), an email fragment, and a substring found only inside words ("ith": about
// 6,000 names, no word starts with it, so the trigram path). Each for the whole organisation (its admin)
// and for one gym's admin (their gym only). Two word starts in any order, and the start of a mobile.
const QUERIES = [
  ['smi', 'smi'],
  ['a', 'a'],
  ['jo', 'jo'],
  ['email', 'smith.1'],
  ['inside-words', 'ith'],
  ['two-words', 'jo smi'],
  ['mobile', '021 5'],
] as const;

export const scenarios: Scenario[] = QUERIES.flatMap(([label, query], i) =>
  (['admin', 'gym-admin'] as const).map(
    (session, j): Scenario => ({
      name: `search-${label}${session === 'gym-admin' ? '-gym' : ''}`,
      order: 10 + i * 2 + j,
      session,
      request: { method: 'POST', path: '/api/search', body: { query } },
      statements: (context) =>
        recordStatements(context.pool, (db) =>
          searchMembers(
            db,
            {
              organisationId: context.organisationId,
              gymIds: session === 'gym-admin' ? context.gymIds : null,
            },
            query,
            SEARCH_LIMIT,
          ),
        ),
    }),
  ),
);
