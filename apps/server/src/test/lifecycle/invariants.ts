// What must hold for every membership after every step of a lifecycle sequence (issue 23), read from the
// product's own answers, the database and the simulators' own state:
//   access       door access equals entitlement: the access-control read's should_have_access equals its
//                has_access, and the Kisi simulator holds a role at the gym's place exactly then;
//   arrears      balance_owing is the sum of what is left unpaid of the owed charges (unpaid, an attempt
//                failed: the domain's `arrears` reading of BILLING.md; a charge part paid at the desk owes
//                its total less what was collected against it) and periods_owing the number of periods
//                not fully paid;
//   one-charge   one charge per (subscription, period start), and no two periods of one membership overlap;
//   unconfirmed  no charge for a membership never confirmed (its confirmation never answered 200);
//   activity     every change of a membership seen across the step (confirmed, paused, pause ended,
//                cancelled, undone, grace started or cleared, price applied, door access granted or revoked)
//                has its activity entry, and every activity entry written in the step carries the
//                application clock's time (between the clock's readings before and after the step);
//   drift        GET /api/expected-payments-debugging shows no drift from the sequence's first day to today.
// A hit on the path of one of issue 23's six defects that is still unfixed here is counted, not failed
// (UNFIXED_DEFECTS, each named); any other hit fails the step.
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { kisiApi } from '../../features/access-control/access-control.test-support';
import { staffCall, type World } from './world';

/**
 * The six defects of issue 23 fixed on the `lifecycle` branch (and one more of their family this test found). While one is unfixed on this branch its
 * flag is true and the invariant it breaks is not asserted on its path only (see `excusedBy`); each
 * excused hit is counted and printed. Set a flag to false when `git merge lifecycle` brings its fix: all
 * are false (defect 4's since 27 Nov 2026), since the merge of the lifecycle branch's 74b06c9 (the six fixed, transitions.ts writing
 * every transition's entry at the application clock's time).
 * Defects 3 (a staff start date dropped) and 5 (a cooling-off refund recorded as a full refund) break
 * none of the invariants above, so they have no flag.
 */
export const UNFIXED_DEFECTS = {
  /** 1: bank joiners get no door access until their second charge. */
  d1BankJoinerNoDoorAccess: false,
  /** 2: staff-cancelled memberships keep door access after they end. */
  d2StaffCancelledKeepsDoorAccess: false,
  /**
   * 4: a card declined at confirmation leaves a charge, a debt and grace (the grace entitles to doors).
   * Fixed with the lifecycle branch's 74b06c9; the invariant that kept it excused since then read "no
   * charge row at all for a membership never confirmed", while BILLING.md says "nothing is owed": the
   * declined charge stays, unpaid and not failed, for the member's next confirm to pay (27 Nov 2026: the
   * invariant now checks that nothing is owed, paid or in grace; seed 466565802 passes with no excuse).
   */
  d4DeclinedFirstPaymentIsDebt: false,
  /** 6: pause activity (pause_started, pause_ended) carries the machine's time, not the application clock's. */
  d6PauseActivityMachineTime: false,
  /**
   * Not one of the six: found by this test, in defect 6's family (BILLING.md: "Activity times are the
   * application clock's, for every entry"). The daily run writes `subscription.price_change_applied` at
   * the machine's time. Shrunk: [join by bank (first payment pays)], staff move member #0 to the dearer
   * price at the end of the period, 7 day(s) pass → the entry is dated today by the machine, the
   * application clock a year on. The daily run is `features/billing`'s (the lifecycle branch's
   * transitions module writes every transition's entry), so it is excused here, on this action only.
   */
  foundPriceChangeAppliedMachineTime: false,
  /**
   * Found by this test (27 Nov 2026, seed 476866656, shrunk: a card that always asks for authentication
   * declined at the confirm, a working card saved, 7 days pass, confirm again): the late confirm pays the
   * first charge dated from the first confirm (a week the member never had) and the period that fell due
   * meanwhile is not charged on its day, so expected-payments shows "not_charged". The membership should
   * start on the day its first payment succeeds. Fixed the same day (the confirm's first payment moves
   * the start: transition start_moved); the seed passes with no excuse.
   */
  foundLateConfirmChargesMissedWeek: false,
};
type DefectName = keyof typeof UNFIXED_DEFECTS;

/** What the sequence knows of one membership from the outside. */
export interface MemberFacts {
  subscriptionId: number;
  userId: number;
  pay: 'bank' | 'card';
  /** A confirmation answered 200. */
  confirmed: boolean;
  /** A confirmation answered 422 (the first payment declined). */
  declinedAtConfirm: boolean;
}

interface SubRow {
  id: number;
  user_id: number;
  is_staging: boolean;
  paused_at: Date | string | null;
  cancelled_at: Date | string | null;
  ends_at: string | null;
  cancellation_reasons: string[];
  grace_period_ends_at: string | null;
  price_id: number;
  balance_owing: number;
  periods_owing: number;
}

/** Where a membership stood after a step: what the activity check compares. */
export interface Standing {
  confirmed: boolean;
  paused: boolean;
  cancelled: boolean;
  grace: boolean;
  priceId: number;
  hasAccess: boolean;
}

export type Snapshot = Map<number, Standing>;

export interface Hit {
  invariant: 'access' | 'arrears' | 'one-charge' | 'unconfirmed' | 'activity' | 'drift' | 'server-error';
  subscriptionId: number | null;
  detail: string;
  excusedBy: DefectName | null;
}

/**
 * A point the checks start from: the last activity entry then, and the application clock. Taken at the
 * start of each check, before the state is read, so an answer that lands while a check runs (a webhook)
 * falls in one step or the next, never between them.
 */
export interface Mark {
  lastActivityId: number;
  at: Date;
}

const SLACK_MS = 2_000;

export async function markNow(w: World, db: Executor = w.t.db): Promise<Mark> {
  const at = w.t.clock.now();
  const [row] = await queryRows<{ id: number | null }>(
    db,
    sql`select max(id)::int as id from activity_log where organisation_id = ${w.tenant.organisation.id}`,
  );
  return { lastActivityId: row?.id ?? 0, at };
}

const excuse = (name: DefectName, applies: boolean): DefectName | null =>
  applies && UNFIXED_DEFECTS[name] ? name : null;

/** Checks every invariant; answers the hits (excused or not) and the standing to compare next time. */
export async function checkInvariants(
  w: World,
  facts: readonly MemberFacts[],
  since: Mark,
  before: Snapshot,
): Promise<{ hits: Hit[]; snapshot: Snapshot; mark: Mark }> {
  const { t, tenant } = w;
  const organisationId = tenant.organisation.id;
  const hits: Hit[] = [];
  const today = todayInAuckland(t.clock.now());
  const factsOf = new Map(facts.map((f) => [f.subscriptionId, f]));
  // One snapshot of the database: an answer landing mid-read (a webhook) is wholly in it or wholly not.
  const { mark, subs, charges, entries, credentials } = await t.db.transaction(
    async (tx) => {
      const mark = await markNow(w, tx);
      const subs = await queryRows<SubRow>(
        tx,
        sql`select id::int, user_id::int, is_staging, paused_at, cancelled_at, ends_at::text, cancellation_reasons,
          grace_period_ends_at::text, price_id::int, balance_owing, periods_owing
        from subscriptions where organisation_id = ${organisationId} order by id`,
      );
      const charges = await queryRows<{
        subscription_id: number;
        kind: string;
        status: string;
        period_start: string | null;
        period_end: string | null;
        total: number;
        collected: number;
        failed: boolean;
      }>(
        tx,
        sql`select c.subscription_id::int, c.kind, c.status, c.period_start::text, c.period_end::text,
          (c.amount + c.surcharge)::int as total, c.first_failed_at is not null as failed,
          (select coalesce(sum(p.amount + p.surcharge), 0) from payments p
            where p.charge_id = c.id and p.status = 'sent' and p.pays_part)::int as collected
        from charges c where c.organisation_id = ${organisationId} order by c.subscription_id, c.period_start`,
      );
      const entries = await queryRows<{
        id: number;
        user_id: number | null;
        subject_type: string;
        subject_id: number;
        action: string;
        created_at: Date | string;
      }>(
        tx,
        sql`select id::int, user_id::int, subject_type, subject_id::int, action, created_at from activity_log
        where organisation_id = ${organisationId} and id > ${since.lastActivityId} order by id`,
      );
      const credentials = await queryRows<{ user_id: number; external_user_id: string | null }>(
        tx,
        sql`select ac.user_id::int, ac.external_user_id from access_credentials ac join places pl on pl.id = ac.place_id
        where ac.organisation_id = ${organisationId} and pl.place_id = ${String(w.kisiPlaceId)}`,
      );

      return { mark, subs, charges, entries, credentials };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  // activity: every entry of the step at the application clock's time (later ones: the next step's).
  for (const e of entries) {
    if (e.id > mark.lastActivityId) continue;
    const at = new Date(e.created_at).getTime();
    if (at < since.at.getTime() - SLACK_MS || at > mark.at.getTime() + SLACK_MS) {
      const pause = e.action === 'subscription.pause_started' || e.action === 'subscription.pause_ended';
      hits.push({
        invariant: 'activity',
        subscriptionId: e.subject_type === 'subscription' ? e.subject_id : null,
        detail: `${e.action} written at ${new Date(at).toISOString()}, outside the application clock's ${since.at.toISOString()} … ${mark.at.toISOString()}`,
        excusedBy:
          excuse('d6PauseActivityMachineTime', pause) ??
          excuse('foundPriceChangeAppliedMachineTime', e.action === 'subscription.price_change_applied'),
      });
    }
  }

  const snapshot: Snapshot = new Map();
  for (const sub of subs) {
    const fact = factsOf.get(sub.id);
    const mine = charges.filter((c) => c.subscription_id === sub.id);

    // access, by the product's read and by Kisi's own state.
    const read = await staffCall(w, { method: 'GET', url: `/api/members/${sub.user_id}/access-control` });
    if (read.statusCode !== 200) {
      hits.push({
        invariant: 'server-error',
        subscriptionId: sub.id,
        detail: `access-control read answered ${read.statusCode}: ${read.body.slice(0, 300)}`,
        excusedBy: null,
      });
      continue;
    }
    const { should_have_access: should, has_access: has } = read.json().data as {
      should_have_access: boolean;
      has_access: boolean;
    };
    if (should !== has) {
      const staffCancelled =
        sub.cancelled_at !== null && !sub.cancellation_reasons.includes('non_payment') && !should && has;
      hits.push({
        invariant: 'access',
        subscriptionId: sub.id,
        detail: `should_have_access ${should}, has_access ${has} (${describe(sub)})`,
        excusedBy:
          excuse('d1BankJoinerNoDoorAccess', fact?.pay === 'bank' && should && !has) ??
          excuse('d2StaffCancelledKeepsDoorAccess', staffCancelled) ??
          // The declined first payment's grace makes the never-paid membership entitled.
          excuse('d4DeclinedFirstPaymentIsDebt', fact?.declinedAtConfirm === true && !fact.confirmed),
      });
    }
    const kisiUser = credentials.find((c) => c.user_id === sub.user_id)?.external_user_id ?? null;
    if (kisiUser !== null) {
      const roles = await kisiApi(t).roleAssignments(Number(kisiUser));
      const inKisi = roles.some((r) => r.place_id === w.kisiPlaceId);
      if (inKisi !== has)
        hits.push({
          invariant: 'access',
          subscriptionId: sub.id,
          detail: `Kisi ${inKisi ? 'holds' : 'holds no'} role at the place, but has_access is ${has}`,
          excusedBy: null,
        });
    } else if (has) {
      hits.push({
        invariant: 'access',
        subscriptionId: sub.id,
        detail: 'has_access without a Kisi user',
        excusedBy: null,
      });
    }

    // arrears.
    const owed = mine.filter((c) => c.status === 'unpaid' && c.failed);
    const balance = owed.reduce((n, c) => n + Math.max(0, c.total - c.collected), 0);
    const periods = owed.filter(
      (c) => c.kind === 'period' && !(c.collected > 0 && c.collected >= c.total),
    ).length;
    // A charge marked paid has collected its total: paid whole by one payment, or its parts add up to it.
    for (const c of mine.filter((x) => x.status === 'paid' && x.collected > 0 && x.collected !== x.total))
      hits.push({
        invariant: 'arrears',
        subscriptionId: sub.id,
        detail: `charge for ${c.period_start} is paid, but its part payments total ${c.collected} of ${c.total}`,
        excusedBy: null,
      });
    if (balance !== sub.balance_owing || periods !== sub.periods_owing)
      hits.push({
        invariant: 'arrears',
        subscriptionId: sub.id,
        detail: `balance_owing ${sub.balance_owing} and periods_owing ${sub.periods_owing}, but unpaid charges total ${balance} over ${periods} periods`,
        excusedBy: null,
      });

    // one-charge: one per period start, and periods that do not overlap.
    const periodsCharged = mine
      .filter((c) => c.kind === 'period' && c.period_start !== null)
      .sort((a, b) => (a.period_start! < b.period_start! ? -1 : 1));
    for (const [i, c] of periodsCharged.entries()) {
      const next = periodsCharged[i + 1];
      if (next && next.period_start === c.period_start)
        hits.push({
          invariant: 'one-charge',
          subscriptionId: sub.id,
          detail: `two charges for the period starting ${c.period_start}`,
          excusedBy: null,
        });
      else if (next && c.period_end !== null && next.period_start! < c.period_end)
        hits.push({
          invariant: 'one-charge',
          subscriptionId: sub.id,
          detail: `the period ${c.period_start} … ${c.period_end} overlaps the one starting ${next.period_start}`,
          excusedBy: null,
        });
    }

    // unconfirmed: a membership whose confirmation never succeeded owes nothing (BILLING.md "A first
    // payment declined at confirmation is not a debt"): no charge paid or counted as failed, no balance,
    // no grace. The declined charge itself stays, unpaid and not failed: the member's next confirm pays
    // it (another method, a new attempt on the same charge), and the product shows the membership as
    // awaiting its first payment.
    const confirmed = fact ? fact.confirmed : !sub.is_staging;
    const owedOrPaid = mine.filter((c) => c.failed || c.status !== 'unpaid');
    if (!confirmed && (owedOrPaid.length > 0 || sub.balance_owing > 0 || sub.grace_period_ends_at !== null))
      hits.push({
        invariant: 'unconfirmed',
        subscriptionId: sub.id,
        detail: `never confirmed, yet ${owedOrPaid.length} charge(s) paid or failed (${owedOrPaid.map((c) => `${c.kind} ${c.period_start} ${c.status}${c.failed ? ' failed' : ''}`).join(', ')}), balance ${sub.balance_owing}, grace ${sub.grace_period_ends_at ?? 'none'}`,
        excusedBy: excuse('d4DeclinedFirstPaymentIsDebt', fact?.declinedAtConfirm === true),
      });

    // activity: each change of the membership across the step has its entry.
    const now: Standing = {
      confirmed: !sub.is_staging,
      paused: sub.paused_at !== null,
      cancelled: sub.cancelled_at !== null,
      grace: sub.grace_period_ends_at !== null,
      priceId: sub.price_id,
      hasAccess: has,
    };
    snapshot.set(sub.id, now);
    const was = before.get(sub.id);
    if (was) {
      const logged = (actions: string[]) =>
        entries.some(
          (e) =>
            actions.includes(e.action) &&
            ((e.subject_type === 'subscription' && e.subject_id === sub.id) || e.user_id === sub.user_id),
        );
      const expect = (
        changed: boolean,
        what: string,
        actions: string[],
        excusedBy: DefectName | null = null,
      ) => {
        if (changed && !logged(actions))
          hits.push({
            invariant: 'activity',
            subscriptionId: sub.id,
            detail: `${what} with no ${actions.join(' or ')} entry`,
            excusedBy,
          });
      };
      expect(!was.confirmed && now.confirmed, 'confirmed', ['subscription.created']);
      expect(!was.paused && now.paused, 'paused', ['subscription.pause_started']);
      expect(was.paused && !now.paused, 'pause ended', ['subscription.pause_ended']);
      expect(!was.cancelled && now.cancelled, 'cancelled', [
        'subscription.cancelled',
        'subscription.cancelled_for_non_payment',
      ]);
      expect(was.cancelled && !now.cancelled, 'cancellation undone', ['subscription.cancellation_undone']);
      expect(!was.grace && now.grace, 'grace started', ['subscription.grace_started']);
      expect(was.grace && !now.grace, 'grace ended', [
        'subscription.grace_cleared',
        'subscription.cancelled_for_non_payment',
      ]);
      expect(was.priceId !== now.priceId, 'price applied', ['subscription.price_change_applied']);
      expect(!was.hasAccess && now.hasAccess, 'door access granted', ['door_access.granted']);
      expect(was.hasAccess && !now.hasAccess, 'door access revoked', ['door_access.revoked']);
    }
  }

  // drift, over the sequence so far (at most the 62 days one request may ask about).
  const earliest = addDays(today, -61);
  const from = w.firstDay > earliest ? w.firstDay : earliest;
  const drift = await staffCall(w, {
    method: 'GET',
    url: `/api/expected-payments-debugging?from=${from}&to=${today}&drift_only=true&per_page=100`,
  });
  if (drift.statusCode !== 200) {
    hits.push({
      invariant: 'server-error',
      subscriptionId: null,
      detail: `expected-payments answered ${drift.statusCode}: ${drift.body.slice(0, 300)}`,
      excusedBy: null,
    });
  } else {
    for (const row of drift.json().data as {
      subscription_id: number | null;
      period_start: string | null;
      drift: string | null;
      drift_label: string | null;
    }[]) {
      if (row.drift === null) continue;
      const fact = row.subscription_id === null ? undefined : factsOf.get(row.subscription_id);
      hits.push({
        invariant: 'drift',
        subscriptionId: row.subscription_id,
        detail: `${row.drift} on ${row.period_start}: ${row.drift_label}`,
        excusedBy:
          excuse('d4DeclinedFirstPaymentIsDebt', fact?.declinedAtConfirm === true && !fact.confirmed) ??
          excuse('foundLateConfirmChargesMissedWeek', fact?.declinedAtConfirm === true && fact.confirmed),
      });
    }
  }
  return { hits, snapshot, mark };
}

function describe(sub: SubRow): string {
  const parts = [
    sub.is_staging ? 'unconfirmed' : 'confirmed',
    sub.paused_at ? 'paused' : null,
    sub.cancelled_at ? `cancelled (${sub.cancellation_reasons.join(', ')}), ends ${sub.ends_at}` : null,
    sub.grace_period_ends_at ? `grace to ${sub.grace_period_ends_at}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}
