// What a read replica may serve: decided here and nowhere else (docs/decisions/012-read-replica.md).
// A streaming standby lags the primary by up to about a second. Figures and exports can bear that; a
// list the person just changed cannot (staff add a member and go back to the list), nor anything that
// decides a write, a permission or money, which all read the primary.
import type { Db } from './client';

export const REPLICA_MAY_SERVE = {
  /** Dashboard figures: counts and sums over days; a second behind changes nothing anyone acts on. */
  dashboardFigures: true,
  /** CSV exports (members, payments, visits): long keyset reads that would hold primary connections. */
  exports: true,
  /** Lists and a member's page: read-your-writes after a change on the screen before, so the primary. */
  lists: false,
} as const;

export type ReplicaRead = keyof typeof REPLICA_MAY_SERVE;

/** The databases a read may go to (the application's deps have them): the db layer knows no app. */
export interface ReaderDeps {
  db: Db;
  replicaDb?: Db | undefined;
}

/** The database a read of this kind goes to: the replica when one is configured and may serve it. */
export function readerFor(deps: ReaderDeps, read: ReplicaRead): Db {
  return REPLICA_MAY_SERVE[read] && deps.replicaDb ? deps.replicaDb : deps.db;
}
