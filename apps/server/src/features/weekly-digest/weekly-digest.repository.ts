// The weekly digest's SQL: who gets it (organisation admins who have not switched it off), which of
// them already have this week's queued, and each organisation's week from its recorded transitions,
// charges and what is owed now.
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { organisationStaff } from '../../db/schema/index';

export interface DigestRecipient {
  organisation_id: number;
  organisation_name: string;
  user_id: number;
  name: string;
  email: string;
}

/** Every organisation admin (accepted, not removed) with the digest on, by organisation. */
export function digestRecipients(db: Executor): Promise<DigestRecipient[]> {
  return queryRows<DigestRecipient>(
    db,
    sql`select o.id::int as organisation_id, o.name as organisation_name, u.id::int as user_id, u.name, u.email
        from organisation_staff s
        join organisations o on o.id = s.organisation_id
        join users u on u.id = s.user_id
        where s.role = 'admin' and s.weekly_digest and not s.pending_invite and s.deleted_at is null
          and u.deleted_at is null
        order by o.id, u.id`,
  );
}

/** Which of these mail keys are queued already (a digest is worked out once per admin per week). */
export async function queuedKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select key from outbound_emails where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.key));
}

export interface WeekFigures {
  joins: number;
  cancellations: number;
  collected_cents: number;
  collected_payments: number;
  debtors: number;
  owing_cents: number;
}

/** The organisation's week (`from` to `through`, Auckland days): joins, cancellations, money in; owing now. */
export async function weekFigures(
  db: Executor,
  organisationId: number,
  from: CalendarDate,
  through: CalendarDate,
): Promise<WeekFigures> {
  const start = startOfDayInstant(from).toISOString();
  const end = startOfDayInstant(addDays(through, 1)).toISOString();
  const [row] = await queryRows<WeekFigures>(
    db,
    // Counted as the dashboard counts them: joins by start date, cancellations when made, money in from
    // the payments' day totals (the speed issue's summaries, not the payments).
    sql`select
          (select count(*) from subscriptions s where s.organisation_id = ${organisationId} and not s.is_staging
             and s.start_date between ${from} and ${through})::int as joins,
          (select count(*) from subscriptions s where s.organisation_id = ${organisationId} and not s.is_staging
             and s.cancelled_at >= ${start} and s.cancelled_at < ${end})::int as cancellations,
          (select coalesce(sum(t.total), 0) from payment_day_totals t where t.organisation_id = ${organisationId}
             and t.status = 'sent' and t.day between ${from} and ${through})::int as collected_cents,
          (select coalesce(sum(t.payments), 0) from payment_day_totals t where t.organisation_id = ${organisationId}
             and t.status = 'sent' and t.day between ${from} and ${through})::int as collected_payments,
          (select count(distinct s.user_id) from subscriptions s where s.organisation_id = ${organisationId}
             and s.balance_owing > 0)::int as debtors,
          (select coalesce(sum(s.balance_owing), 0) from subscriptions s where s.organisation_id = ${organisationId}
             and s.balance_owing > 0)::int as owing_cents`,
  );
  return row!;
}

/** The admin's own digest setting in the organisation (null: not an admin there). */
export async function digestSetting(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select({ weeklyDigest: organisationStaff.weeklyDigest })
    .from(organisationStaff)
    .where(and(eq(organisationStaff.organisationId, organisationId), eq(organisationStaff.userId, userId)));
  return row?.weeklyDigest ?? null;
}

export async function setDigestSetting(db: Executor, organisationId: number, userId: number, on: boolean) {
  await db
    .update(organisationStaff)
    .set({ weeklyDigest: on })
    .where(and(eq(organisationStaff.organisationId, organisationId), eq(organisationStaff.userId, userId)));
}
