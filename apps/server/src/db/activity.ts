// The append-only activity log (DESIGN.md section 4): every change to money, membership or settings,
// with who made it and the request it came in. Features name their subject; this writes the row.
import type { ActivityAction } from '@gym/domain/labels';
import type { Executor } from './client';
import { activityLog } from './schema/index';

export interface ActivityEntry {
  organisationId: number;
  /** Who acted; null for the providers and the jobs. */
  actorUserId: number | null;
  subjectType: string;
  subjectId: number;
  /** The member the entry is about, for the member activity screen. */
  userId?: number | null;
  /** One of the kinds the vocabulary names (@gym/domain/labels), so every entry has plain words on screen. */
  action: ActivityAction;
  data?: Record<string, unknown>;
  requestId?: string | null;
  /** When it happened, by the application's clock (the database's own time when absent). */
  createdAt?: Date;
}

export async function appendActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    ...entry,
    userId: entry.userId ?? null,
    data: entry.data ?? {},
    requestId: entry.requestId ?? null,
  });
}
