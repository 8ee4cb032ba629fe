// The at-risk report: who, why (the domain's words), the latest contact, and the follow-up figures of a
// month ago; marking a member contacted. Organisation admins read every gym, gym admins their gyms.
import type { AtRiskAnswer, AtRiskFilters, ContactRequest } from '@gym/domain/api/at-risk';
import {
  AT_RISK_RULES,
  type AtRiskReason,
  type AtRiskWindow,
  atRiskReasons,
  atRiskWindow,
  followUpPeriod,
  stayedInWords,
} from '@gym/domain/at-risk';
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { type Executor, inTransaction } from '../../db/client';
import { notFound } from '../../http/app-error';
import { iso } from '../../http/instants';
import { gymScope } from '../payments';
import {
  type AtRiskRow,
  type AtRiskScope,
  atRiskMembers,
  insertContact,
  memberInScope,
  memberOfOrganisation,
  recomputedFollowUpCounts,
} from './at-risk.repository';
import {
  ensureKeeper,
  foldList,
  keepList,
  keptAtRiskMembers,
  keptFollowUpCounts,
  keptListStates,
  organisationIds,
} from './at-risk-kept.repository';

/** Who reads the report and marks contacts: organisation admins; gym admins for their gyms. */
const AT_RISK_READERS = ['admin'] as const;

export const atRiskScopeOf = async (
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  filters: AtRiskFilters,
): Promise<AtRiskScope> => ({
  organisationId: auth.organisationId,
  gymIds: await gymScope(deps.db, auth, AT_RISK_READERS, filters.gym_id),
});

/**
 * How many members changed since a kept list's snapshot before it is put right (folded) instead of each
 * read working them out again: a read's corrections stay a few hundred members' query.
 */
const FOLD_AFTER = 200;

/**
 * Keeps the organisation's at-risk lists of `days` (decision 019's addendum): each one not kept yet is
 * worked out whole once (the first read of the day), and one with more than FOLD_AFTER members changed
 * since is put right. Lists of days other than these, their follow-up's and the day whose follow-up they
 * are go. Nothing is kept inside a transaction (its later changes would be taken for seen); the reads
 * then answer from the base tables. A statement that another of the organisation's went before does
 * nothing and is tried again, a few times: the reads are exact either way.
 */
export async function keepAtRiskLists(db: Executor, organisationId: number, days: readonly CalendarDate[]) {
  if (inTransaction(db)) return;
  const around = (day: CalendarDate) => [
    addDays(day, -AT_RISK_RULES.OUTCOME_AFTER_DAYS),
    day,
    addDays(day, AT_RISK_RULES.OUTCOME_AFTER_DAYS),
  ];
  for (let attempt = 0; attempt < 3; attempt++) {
    const toKeep = (await keptListStates(db, organisationId, days)).filter(
      (state) => !state.kept || state.dirty > FOLD_AFTER,
    );
    if (toKeep.length === 0) return;
    if (toKeep.some((state) => !state.kept)) await ensureKeeper(db, organisationId);
    let wentAhead = true;
    for (const state of toKeep) {
      const day = state.day as CalendarDate;
      const done = state.kept
        ? await foldList(db, organisationId, day)
        : await keepList(db, organisationId, day, around(day));
      wentAhead &&= done;
    }
    if (wentAhead) return;
  }
}

/**
 * The scheduled work's daily keeping (jobs.ts): each organisation's lists of `today` and its follow-up's
 * day, so the day's first read does not write them, and the changes logged for yesterday's lists are
 * forgotten even where nobody reads the report. How many organisations' lists were written or checked.
 */
export async function keepEveryOrganisationsAtRiskLists(db: Executor, today: CalendarDate) {
  const organisations = await organisationIds(db);
  for (const organisationId of organisations)
    await keepAtRiskLists(db, organisationId, [today, followUpPeriod(today).asOf]);
  return organisations.length;
}

/** The members at risk in `window` (a page, or all): from the day's kept list, else the base tables. */
export async function atRiskMembersNow(
  db: Executor,
  scope: AtRiskScope,
  window: AtRiskWindow,
  page: { limit: number; offset: number } | null,
): Promise<AtRiskRow[]> {
  return (await keptAtRiskMembers(db, scope, window, page)) ?? atRiskMembers(db, scope, window, page);
}

/** The recorded facts of a row, in the domain's words. */
export function reasonsOf(row: AtRiskRow, today: CalendarDate): AtRiskReason[] {
  return atRiskReasons(
    {
      baselineVisits: row.baseline_visits,
      recentVisits: row.recent_visits,
      pausedOn: row.paused_on as CalendarDate | null,
      failedPayment:
        row.failed_on === null
          ? null
          : {
              on: row.failed_on as CalendarDate,
              amount: row.failed_amount ?? 0,
              paidSince: row.failed_paid === true,
            },
    },
    atRiskWindow(today),
  );
}

export const presentContact = (row: AtRiskRow) =>
  row.contact_id === null
    ? null
    : {
        id: row.contact_id,
        contacted_at: iso(row.contacted_at!),
        note: row.contact_note ?? '',
        by:
          row.contacted_by_id === null
            ? null
            : { id: row.contacted_by_id, name: row.contacted_by_name ?? '' },
      };

/**
 * Those contacted a month or more ago who stayed, against those at risk then whom nobody contacted: from
 * that day's kept list (read now, as `atRiskMembersNow` reads), else worked out from the base tables.
 */
export async function followUp(db: Executor, scope: AtRiskScope, today: CalendarDate) {
  const { contactsFrom, asOf } = followUpPeriod(today);
  const window = atRiskWindow(asOf);
  const period = { contactsFrom, asOf };
  const counts =
    (await keptFollowUpCounts(db, scope, window, period)) ??
    (await recomputedFollowUpCounts(db, scope, window, period));
  const group = (contacted: boolean) => {
    const row = counts.find((c) => c.contacted === contacted);
    const members = row?.members ?? 0;
    const stayed = row?.stayed ?? 0;
    return { members, stayed, in_words: stayedInWords(stayed, members) };
  };
  return { contacts_from: contactsFrom, as_of: asOf, contacted: group(true), not_contacted: group(false) };
}

export async function atRiskReport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  scope: AtRiskScope,
  page: { page: number; per_page: number },
): Promise<AtRiskAnswer> {
  const today = todayInAuckland(deps.clock.now());
  const window = atRiskWindow(today);
  await keepAtRiskLists(deps.db, scope.organisationId, [today, followUpPeriod(today).asOf]);
  const [rows, follow] = await Promise.all([
    atRiskMembersNow(deps.db, scope, window, {
      limit: page.per_page,
      offset: (page.page - 1) * page.per_page,
    }),
    followUp(deps.db, scope, today),
  ]);
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map((row) => ({
      user: { id: row.user_id, name: row.user_name, email: row.user_email },
      gym: { id: row.gym_id, name: row.gym_name },
      reasons: reasonsOf(row, today),
      last_contact: presentContact(row),
    })),
    meta: {
      current_page: page.page,
      per_page: page.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / page.per_page)),
      window: { baseline_from: window.baselineFrom, recent_from: window.recentFrom, through: window.through },
      follow_up: follow,
    },
  };
}

/** Marks a member contacted with what was said; another organisation's member is not found. */
export async function markContacted(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, body: ContactRequest) {
  const auth = actor.auth;
  const scope = await atRiskScopeOf(deps, auth, {});
  if (!(await memberOfOrganisation(deps.db, auth.organisationId, body.user_id)))
    throw notFound('Member not found.');
  if (!(await memberInScope(deps.db, scope, body.user_id))) throw notFound('Member not found.');
  const row = await insertContact(deps.db, {
    organisationId: auth.organisationId,
    userId: body.user_id,
    contactedBy: auth.user.id,
    note: body.note,
    at: deps.clock.now(),
  });
  return {
    id: row.id,
    contacted_at: row.contactedAt.toISOString(),
    note: row.note,
    by: { id: auth.user.id, name: auth.user.name },
  };
}
