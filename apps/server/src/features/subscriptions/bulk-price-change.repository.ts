// The bulk price change's reads and writes: the members on a price (narrowed by the list's filters) in id
// order, and its job row in the `jobs` table (input and progress in the payload, keyed by the input so
// starting the same change twice finds the first).
import type { BulkPriceChangeBody } from '@gym/domain/api/subscriptions-requests';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { jobs, prices, subscriptions } from '../../db/schema/index';

const BULK_JOB = 'subscriptions.bulk_price_change';

/**
 * A membership on the price with its member's name and email, its gym's name, its open pause if any, and
 * the schedule a change of billing frequency is checked on (its price's frequency and its anchor day:
 * frequencyChangeProblem).
 */
export type Candidate = Pick<
  Row<typeof subscriptions>,
  | 'id'
  | 'user_id'
  | 'gym_id'
  | 'start_date'
  | 'current_period_start'
  | 'current_period_end'
  | 'ends_at'
  | 'cancelled_at'
  | 'grace_period_ends_at'
  | 'upcoming_state'
  | 'undo_cancellation_until'
  | 'is_term_membership'
  | 'term_ends_at'
  | 'force_price_amount'
  | 'anchor_day'
> & {
  name: string;
  email: string;
  gym_name: string;
  price_amount: number;
  pause_start: CalendarDate | null;
  pause_end: CalendarDate | null;
} & Pick<Row<typeof prices>, 'billing_frequency'>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CandidateScope {
  organisationId: number;
  /** Gyms the person may change; null for all of the organisation's. */
  gymIds: number[] | null;
}

/** Confirmed, uncancelled memberships on the price matching the filters, after `afterId` in id order. */
export function candidates(
  db: Executor,
  scope: CandidateScope,
  filters: Pick<BulkPriceChangeBody, 'price_id' | 'gym_id' | 'offering_id' | 'search'>,
  page: { afterId: number; limit: number },
) {
  const parts = [
    sql`s.organisation_id = ${scope.organisationId}`,
    sql`s.price_id = ${filters.price_id}`,
    sql`not s.is_staging`,
    sql`s.cancelled_at is null`,
    sql`u.deleted_at is null`,
    sql`s.id > ${page.afterId}`,
  ];
  if (scope.gymIds !== null)
    parts.push(sql`s.gym_id = any(${`{${scope.gymIds.map(Number).join(',')}}`}::bigint[])`);
  if (filters.gym_id !== null) parts.push(sql`s.gym_id = ${filters.gym_id}`);
  if (filters.offering_id !== null) parts.push(sql`p.offering_id = ${filters.offering_id}`);
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const digits = search.replace(/\D/g, '');
    const mobile =
      digits.length >= 3
        ? sql` or regexp_replace(coalesce(u.mobile_number, ''), '\\D', '', 'g') like ${`%${digits}%`}`
        : sql``;
    parts.push(
      sql`(u.search_name like search_text(${pattern}) or u.search_email like lower(${pattern})${mobile})`,
    );
  }
  return queryRows<Candidate>(
    db,
    sql`select s.id::int, s.user_id::int, u.name, u.email, s.gym_id::int, g.name as gym_name,
          s.start_date::text, s.current_period_start::text, s.current_period_end::text, s.ends_at::text,
          s.cancelled_at, s.grace_period_ends_at::text, s.upcoming_state, s.undo_cancellation_until,
          s.is_term_membership, s.term_ends_at::text, p.amount as price_amount, s.force_price_amount,
          pz.start_date::text as pause_start, pz.end_date::text as pause_end,
          p.billing_frequency, s.anchor_day
        from subscriptions s
        join users u on u.id = s.user_id
        join gyms g on g.id = s.gym_id
        join prices p on p.id = s.price_id
        left join lateral (
          select sp.start_date, sp.end_date from subscription_pauses sp
          where sp.subscription_id = s.id and sp.cancelled_at is null and sp.ended_at is null
          order by sp.start_date desc limit 1
        ) pz on true
        where ${sql.join(parts, sql` and `)}
        order by s.id
        limit ${page.limit}`,
  );
}

export interface BulkProgress {
  total: number;
  done: number;
  changed: number;
  unchanged: number;
  failed: number;
  after_id: number;
  errors: { subscription_id: number; message: string }[];
}

export interface BulkPayload {
  organisation_id: number;
  actor_user_id: number;
  request_id: string | null;
  /** Gyms the starter may change (null: all), fixed when it started. */
  gym_ids: number[] | null;
  input: BulkPriceChangeBody;
  /** The new price's billing frequency, fixed when it started (each member's date is checked on it). */
  to_frequency?: string;
  progress: BulkProgress;
}

/** A bulk price change's job row: the schema's text status and jsonb payload, narrowed to what it writes. */
export type JobRow = Pick<Row<typeof jobs>, 'id' | 'created_at' | 'finished_at'> & {
  status: 'queued' | 'running' | 'done' | 'failed';
  payload: BulkPayload;
};

/** A job as its statements name it: its organisation and its id. */
export interface JobRef {
  organisationId: number;
  id: number;
}

/** Inserts the job unless one with the same key exists; answers the job either way. */
export async function insertOrFindJob(db: Executor, key: string, payload: BulkPayload, now: Date) {
  await db.execute(
    sql`insert into jobs (organisation_id, name, key, payload, status, run_at, created_at)
        values (${payload.organisation_id}, ${BULK_JOB}, ${key}, ${JSON.stringify(payload)}::jsonb, 'queued',
          ${now.toISOString()}, ${now.toISOString()})
        on conflict (name, key) do nothing`,
  );
  const [row] = await queryRows<JobRow>(
    db,
    sql`select id::int, status, payload, created_at, finished_at from jobs
        where organisation_id = ${payload.organisation_id} and name = ${BULK_JOB} and key = ${key}`,
  );
  return row!;
}

export async function findJob(db: Executor, organisationId: number, id: number) {
  const [row] = await queryRows<JobRow>(
    db,
    sql`select id::int, status, payload, created_at, finished_at from jobs
        where organisation_id = ${organisationId} and id = ${id} and name = ${BULK_JOB}`,
  );
  return row ?? null;
}

/** The job, locked for one batch; null when another worker holds it or it is finished. */
export async function lockUnfinishedJob(tx: Executor, job: JobRef) {
  const [row] = await queryRows<JobRow>(
    tx,
    sql`select id::int, status, payload, created_at, finished_at from jobs
        where organisation_id = ${job.organisationId} and id = ${job.id} and name = ${BULK_JOB} and status in ('queued', 'running')
        for update skip locked`,
  );
  return row ?? null;
}

export async function saveProgress(
  tx: Executor,
  job: JobRef,
  progress: BulkProgress,
  finishedAt: Date | null,
) {
  await tx.execute(
    sql`update jobs set payload = jsonb_set(payload, '{progress}', ${JSON.stringify(progress)}::jsonb),
          status = ${finishedAt === null ? 'running' : 'done'},
          attempts = attempts + 1,
          finished_at = ${finishedAt === null ? null : finishedAt.toISOString()}
        where organisation_id = ${job.organisationId} and id = ${job.id}`,
  );
}

export async function markFailed(db: Executor, job: JobRef, message: string) {
  await db.execute(
    sql`update jobs set status = 'failed', last_error = ${message}
        where organisation_id = ${job.organisationId} and id = ${job.id}`,
  );
}

/**
 * Bulk changes not finished (queued, or left part-way by a worker that stopped), of every organisation:
 * the scheduler's sweep, one of the tenant statement test's allowed exceptions.
 */
export function unfinishedJobs(db: Executor) {
  return queryRows<JobRef>(
    db,
    sql`select organisation_id::int as "organisationId", id::int from jobs
        where name = ${BULK_JOB} and status in ('queued', 'running') order by id limit 20`,
  );
}
