// The actions of a lifecycle sequence (fast-check model-based testing: `fc.commands` over these, run by
// `fc.asyncModelRun` on the real server with the simulators). Each is something a member, staff, a
// provider or time does: joining by bank or card (declined, behind 3-D Secure, a bank's first payment
// failing soft or hard), a second card after a decline, staff pausing, removing a pause, cancelling,
// undoing, changing the price, taking cash, retrying now; days passing on the dev clock; the bank
// failing the next payment; provider webhooks dropped (the answer comes late, by polling or the
// reconciliation), held back for hours, or sent again out of order; the reconciliation run. The model
// keeps only what the preconditions need; after every action `step` checks every invariant
// (invariants.ts) for every membership of the sequence's organisation.
import { randomUUID } from 'node:crypto';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { queryRows } from '../../db/client';
import { billingDeps } from '../../features/billing/billing.test-support';
import { reconcile } from '../../features/billing/reconciliation.service';
import { checkInvariants, type Hit, type Mark, type MemberFacts, type Snapshot } from './invariants';
import {
  type BankStart,
  bankFailure,
  type CardKind,
  confirmWithNewCard,
  join,
  moveClock,
  noonAfter,
  staffCall,
  type World,
} from './world';

export interface Member extends MemberFacts {
  email: string;
  cookie: string;
  accountId: string | null;
}

/** What the preconditions read. */
export interface Model {
  members: number;
  bank: number;
  /** Declined at confirmation and not yet confirmed. */
  declined: number;
}

export interface Real {
  w: World;
  members: Member[];
  snapshot: Snapshot;
  /** Where the last check started (the next one reads the activity written since). */
  mark: Mark;
  /** The actions run so far, with what they answered (printed when an invariant fails). */
  log: string[];
  stats: Stats;
}

export interface Stats {
  sequences: number;
  steps: number;
  actions: Record<string, number>;
  answers: Record<string, number>;
  /** Invariant hits excused by an unfixed defect, by invariant and defect. */
  excused: Record<string, number>;
  /** Examples of excused hits (a few of each), for the report. */
  examples: Record<string, string>;
}

export const emptyStats = (): Stats => ({
  sequences: 0,
  steps: 0,
  actions: {},
  answers: {},
  excused: {},
  examples: {},
});

const bump = (record: Record<string, number>, key: string, by = 1) => {
  record[key] = (record[key] ?? 0) + by;
};

class InvariantBroken extends Error {}

/** Runs one action, then checks every invariant; throws on a hit no unfixed defect excuses. */
async function step(r: Real, name: string, label: string, action: () => Promise<string | undefined>) {
  const { w } = r;
  const began = performance.now();
  const answered = await action();
  // The checks read a quiet world: what the simulators had due by now (a webhook, a bank's answer) has
  // been delivered and handled, drain included. Otherwise a check could read Kisi after a drain's call
  // and the product's flag before that drain's write: a moment no state of the product is in.
  await w.t.sandbox.controls.settle();
  const acted = performance.now();
  const to = w.t.clock.now();
  r.log.push(`${todayInAuckland(to)} ${label}${answered ? ` → ${answered}` : ''}`);
  bump(r.stats.actions, name);
  r.stats.steps += 1;
  const facts = r.members;
  let checked = await checkInvariants(w, facts, r.mark, r.snapshot);
  if (checked.hits.some((h) => h.invariant === 'access' && !h.excusedBy)) {
    // The clocks run on in real time, so a bank's answer can fall due while the checks read door access
    // member by member (Kisi, then the product's flag): read once more when the world is quiet again. A
    // door out of line for good is out of line then too.
    await w.t.sandbox.controls.settle();
    checked = await checkInvariants(w, facts, r.mark, r.snapshot);
  }
  const { hits, snapshot, mark } = checked;
  r.snapshot = snapshot;
  r.mark = mark;
  if (process.env.LIFECYCLE_DEBUG)
    process.stderr.write(
      `${r.log.at(-1)} (${Math.round(acted - began)} ms, checks ${Math.round(performance.now() - acted)} ms)\n`,
    );
  const failing: Hit[] = [];
  for (const hit of hits) {
    if (hit.excusedBy) {
      const key = `${hit.invariant} (${hit.excusedBy})`;
      bump(r.stats.excused, key);
      r.stats.examples[key] ??= `${label}: subscription ${hit.subscriptionId}: ${hit.detail}`;
    } else failing.push(hit);
  }
  if (failing.length > 0) {
    throw new InvariantBroken(
      [
        `after "${label}":`,
        ...failing.map((h) => `  [${h.invariant}] subscription ${h.subscriptionId}: ${h.detail}`),
        'the sequence so far:',
        ...r.log.map((line) => `  ${line}`),
      ].join('\n'),
    );
  }
}

/** Records a staff or member call's answer; a server error is a hit of its own. */
function answer(r: Real, name: string, res: { statusCode: number; body: string }): string {
  bump(r.stats.answers, `${name} ${res.statusCode}`);
  if (res.statusCode >= 500)
    throw new InvariantBroken(
      `${name} answered ${res.statusCode}: ${res.body.slice(0, 500)}\n${r.log.join('\n')}`,
    );
  return res.statusCode === 200 ? '200' : `${res.statusCode} ${messageOf(res.body)}`;
}

function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string; errors?: Record<string, string[]> };
    return JSON.stringify(parsed.errors ?? parsed.message ?? '').slice(0, 160);
  } catch {
    return body.slice(0, 160);
  }
}

const pick = <T>(items: T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];
const MAX_MEMBERS = 4;

type Cmd = fc.AsyncCommand<Model, Real>;

abstract class Action implements Cmd {
  abstract readonly name: string;
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  abstract act(m: Model, r: Real): Promise<string | undefined>;
  abstract toString(): string;
  run(m: Model, r: Real): Promise<void> {
    return step(r, this.name, this.toString(), () => this.act(m, r));
  }
}

abstract class OnMember extends Action {
  constructor(readonly index: number) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.members > 0;
  }
  target(r: Real) {
    return pick(
      r.members.filter((x) => x.confirmed),
      this.index,
    );
  }
}

class JoinByBank extends Action {
  readonly name = 'join by bank';
  constructor(
    readonly start: BankStart,
    readonly term: boolean,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.members < MAX_MEMBERS;
  }
  async act(m: Model, r: Real) {
    const joined = await join(r.w, { pay: 'bank', start: this.start, term: this.term });
    m.members += 1;
    m.bank += 1;
    r.members.push({
      subscriptionId: joined.subscriptionId,
      userId: joined.userId,
      pay: 'bank',
      confirmed: joined.confirmStatus === 200,
      declinedAtConfirm: joined.confirmStatus === 422,
      email: joined.email,
      cookie: joined.cookie,
      accountId: joined.accountId,
    });
    return `subscription ${joined.subscriptionId}: ${answer(r, this.name, { statusCode: joined.confirmStatus, body: joined.confirmBody })}`;
  }
  toString() {
    return `join by bank (first payment ${this.start}${this.term ? ', 8-week term' : ''})`;
  }
}

class JoinByCard extends Action {
  readonly name = 'join by card';
  constructor(
    readonly card: CardKind,
    readonly term: boolean,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.members < MAX_MEMBERS;
  }
  async act(m: Model, r: Real) {
    const joined = await join(r.w, { pay: 'card', card: this.card, term: this.term });
    m.members += 1;
    const declined = joined.confirmStatus === 422;
    if (declined) m.declined += 1;
    r.members.push({
      subscriptionId: joined.subscriptionId,
      userId: joined.userId,
      pay: 'card',
      confirmed: joined.confirmStatus === 200,
      declinedAtConfirm: declined,
      email: joined.email,
      cookie: joined.cookie,
      accountId: null,
    });
    return `subscription ${joined.subscriptionId}: ${answer(r, this.name, { statusCode: joined.confirmStatus, body: joined.confirmBody })}`;
  }
  toString() {
    return `join by card (${this.card}${this.term ? ', 8-week term' : ''})`;
  }
}

class NewCardAfterDecline extends Action {
  readonly name = 'member saves another card';
  constructor(readonly index: number) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.declined > 0;
  }
  async act(m: Model, r: Real) {
    const member = pick(
      r.members.filter((x) => x.declinedAtConfirm && !x.confirmed),
      this.index,
    );
    if (!member) return 'nobody declined';
    const res = await confirmWithNewCard(r.w, member.cookie);
    if (res.statusCode === 200) {
      member.confirmed = true;
      m.declined -= 1;
    }
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `a declined member saves a card that pays and confirms again (#${this.index})`;
  }
}

class DaysPass extends Action {
  readonly name = 'days pass';
  constructor(readonly days: number) {
    super();
  }
  async act(_m: Model, r: Real) {
    await moveClock(r.w, noonAfter(r.w, this.days));
    return undefined;
  }
  toString() {
    return `${this.days} day(s) pass`;
  }
}

class ProvidersAnswer extends Action {
  readonly name = 'providers answer';
  async act(_m: Model, r: Real) {
    await moveClock(r.w, new Date(r.w.t.clock.now().getTime() + 20 * 60_000));
    return undefined;
  }
  toString() {
    return '20 minutes pass (the bank answers)';
  }
}

class NextBankPaymentFails extends Action {
  readonly name = 'bank fails next payment';
  constructor(
    readonly index: number,
    readonly how: Exclude<BankStart, 'pays'>,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.bank > 0;
  }
  async act(_m: Model, r: Real) {
    const member = pick(
      r.members.filter((x) => x.accountId !== null),
      this.index,
    );
    if (!member) return 'no bank member';
    r.w.t.sandbox.controls.akahu.failNextPayment(member.accountId!, bankFailure(this.how));
    return `subscription ${member.subscriptionId}`;
  }
  toString() {
    return `the bank fails the next payment of bank member #${this.index} (${this.how})`;
  }
}

type Hook = 'akahu' | 'stripe';

class WebhooksDropped extends Action {
  readonly name = 'webhooks dropped';
  constructor(
    readonly service: Hook,
    readonly count: number,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    r.w.t.sandbox.controls.webhooks.drop(this.service, this.count);
    return undefined;
  }
  toString() {
    return `the next ${this.count} ${this.service} webhook(s) are lost`;
  }
}

class WebhooksLate extends Action {
  readonly name = 'webhooks late';
  constructor(
    readonly service: Hook,
    readonly hours: number,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    r.w.t.sandbox.controls.webhooks.delay(this.service, this.hours * 3_600_000);
    return undefined;
  }
  toString() {
    return this.hours === 0
      ? `${this.service} webhooks arrive on time again`
      : `${this.service} webhooks arrive ${this.hours} h late from now on`;
  }
}

class WebhookAgain extends Action {
  readonly name = 'webhook sent again';
  constructor(
    readonly service: Hook,
    readonly index: number,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const sent = r.w.t.sandbox.controls.webhooks
      .list(this.service)
      .filter((d) => d.status === 'delivered' || d.status === 'dropped');
    // Counted from the newest: 0 is a duplicate of the last, higher ones arrive out of order.
    const delivery = sent[sent.length - 1 - (this.index % Math.max(sent.length, 1))];
    if (!delivery) return 'none sent yet';
    r.w.t.sandbox.controls.webhooks.redeliver(delivery.id);
    await r.w.t.sandbox.controls.settle();
    return delivery.eventType;
  }
  toString() {
    return `the ${this.service} webhook ${this.index} back from the newest is sent again`;
  }
}

class Reconcile extends Action {
  readonly name = 'reconciliation';
  async act(_m: Model, r: Real) {
    const summary = await reconcile(billingDeps(r.w.t), todayInAuckland(r.w.t.clock.now()));
    return `checked ${summary.checked}, drift ${summary.drift}`;
  }
  toString() {
    return 'the reconciliation runs';
  }
}

class Pause extends OnMember {
  readonly name = 'staff pause';
  constructor(
    index: number,
    readonly startsIn: number,
    readonly days: number,
  ) {
    super(index);
  }
  async act(_m: Model, r: Real) {
    const member = this.target(r);
    if (!member) return 'nobody confirmed';
    const start = todayInAuckland(noonAfter(r.w, this.startsIn));
    const end = todayInAuckland(noonAfter(r.w, this.startsIn + this.days));
    const res = await staffCall(r.w, {
      method: 'POST',
      url: `/api/subscriptions/${member.subscriptionId}/pause`,
      payload: { start_date: start, end_date: end, reason: 'Travelling' },
    });
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `staff pause member #${this.index} from ${this.startsIn} day(s) on for ${this.days} day(s)`;
  }
}

class RemovePause extends OnMember {
  readonly name = 'staff remove pause';
  async act(_m: Model, r: Real) {
    const member = this.target(r);
    if (!member) return 'nobody confirmed';
    const [pending] = await queryRows<{ id: number }>(
      r.w.t.db,
      sql`select id::int from subscription_pauses
          where subscription_id = ${member.subscriptionId} and applied_at is null and cancelled_at is null
          order by id desc limit 1`,
    );
    if (!pending) return `subscription ${member.subscriptionId}: no pause to remove`;
    const res = await staffCall(r.w, {
      method: 'DELETE',
      url: `/api/subscriptions/${member.subscriptionId}/pauses/${pending.id}`,
    });
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `staff remove member #${this.index}'s pause that has not begun`;
  }
}

class Cancel extends OnMember {
  readonly name = 'staff cancel';
  async act(_m: Model, r: Real) {
    const member = this.target(r);
    if (!member) return 'nobody confirmed';
    const res = await staffCall(r.w, {
      method: 'POST',
      url: `/api/subscriptions/${member.subscriptionId}/cancel`,
      payload: { cancellation_reasons: ['moving_away'], cancellation_comments: 'Off to Dunedin' },
    });
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `staff cancel member #${this.index}`;
  }
}

class Undo extends OnMember {
  readonly name = 'staff undo cancellation';
  async act(_m: Model, r: Real) {
    const member = this.target(r);
    if (!member) return 'nobody confirmed';
    const res = await staffCall(r.w, {
      method: 'POST',
      url: `/api/subscriptions/${member.subscriptionId}/undo-cancellation`,
    });
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `staff undo member #${this.index}'s cancellation`;
  }
}

class PriceChange extends OnMember {
  readonly name = 'staff price change';
  constructor(
    index: number,
    readonly effectIn: number | null,
  ) {
    super(index);
  }
  async act(_m: Model, r: Real) {
    const member = this.target(r);
    if (!member) return 'nobody confirmed';
    const res = await staffCall(r.w, {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: {
        subscription_id: member.subscriptionId,
        price_id: r.w.prices.dearer,
        takes_effect_at: this.effectIn === null ? null : todayInAuckland(noonAfter(r.w, this.effectIn)),
      },
    });
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `staff move member #${this.index} to the dearer price ${this.effectIn === null ? 'at the end of the period' : `in ${this.effectIn} day(s)`}`;
  }
}

class ManualPayment extends OnMember {
  readonly name: string;
  constructor(
    index: number,
    readonly type: 'cash' | 'eftpos',
    /** Half of what is owed (a part payment) instead of all of it. */
    readonly part = false,
  ) {
    super(index);
    this.name = part ? 'staff part payment' : 'staff manual payment';
  }
  async act(_m: Model, r: Real) {
    const member = this.target(r);
    if (!member) return 'nobody confirmed';
    const [sub] = await queryRows<{ balance_owing: number }>(
      r.w.t.db,
      sql`select balance_owing from subscriptions where id = ${member.subscriptionId}`,
    );
    const res = await staffCall(r.w, {
      method: 'POST',
      url: `/api/subscriptions/${member.subscriptionId}/manual-payment`,
      payload: {
        type: this.type,
        amount: Math.max(this.part ? Math.floor(sub!.balance_owing / 2) : sub!.balance_owing, 1),
        idempotency_key: randomUUID(),
      },
    });
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `staff take ${this.type} for ${this.part ? 'half of what' : 'everything'} member #${this.index} owes`;
  }
}

class RetryNow extends OnMember {
  readonly name = 'staff retry now';
  async act(_m: Model, r: Real) {
    const member = this.target(r);
    if (!member) return 'nobody confirmed';
    const [failed] = await queryRows<{ id: number }>(
      r.w.t.db,
      sql`select id::int from payments where subscription_id = ${member.subscriptionId}
          and status in ('failed', 'declined', 'error') order by id desc limit 1`,
    );
    if (!failed) return `subscription ${member.subscriptionId}: no failed payment`;
    const res = await staffCall(r.w, { method: 'POST', url: `/api/payments/${failed.id}/retry` });
    return `subscription ${member.subscriptionId}: ${answer(r, this.name, res)}`;
  }
  toString() {
    return `staff retry member #${this.index}'s last failed payment now`;
  }
}

const index = fc.nat({ max: 7 });
const hook = fc.constantFrom<Hook>('akahu', 'stripe');

/** The actions, weighted by how often each is drawn (joins and days passing most). */
const joinByBank = fc
  .record({
    start: fc.constantFrom<BankStart>('pays', 'pays', 'insufficient_funds', 'invalid_account'),
    term: fc.boolean(),
  })
  .map(({ start, term }) => new JoinByBank(start, term));
const joinByCard = fc
  .record({
    card: fc.constantFrom<CardKind>('visa', 'three_d_secure', 'declined', 'authentication_always'),
    term: fc.boolean(),
  })
  .map(({ card, term }) => new JoinByCard(card, term));

export const joinArbitrary: fc.Arbitrary<Cmd> = fc.oneof(joinByBank, joinByCard);

export const actionArbitraries: fc.Arbitrary<Cmd>[] = [
  joinByBank,
  joinByBank,
  joinByCard,
  joinByCard,
  index.map((i) => new NewCardAfterDecline(i)),
  fc.integer({ min: 1, max: 9 }).map((d) => new DaysPass(d)),
  fc.integer({ min: 1, max: 9 }).map((d) => new DaysPass(d)),
  fc.constant(new ProvidersAnswer()),
  fc
    .record({
      i: index,
      how: fc.constantFrom('insufficient_funds', 'invalid_account') as fc.Arbitrary<
        'insufficient_funds' | 'invalid_account'
      >,
    })
    .map(({ i, how }) => new NextBankPaymentFails(i, how)),
  fc.record({ s: hook, n: fc.integer({ min: 1, max: 3 }) }).map(({ s, n }) => new WebhooksDropped(s, n)),
  fc.record({ s: hook, h: fc.constantFrom(0, 2, 30) }).map(({ s, h }) => new WebhooksLate(s, h)),
  fc.record({ s: hook, i: index }).map(({ s, i }) => new WebhookAgain(s, i)),
  fc.constant(new Reconcile()),
  fc
    .record({ i: index, startsIn: fc.integer({ min: 0, max: 6 }), days: fc.integer({ min: 1, max: 21 }) })
    .map(({ i, startsIn, days }) => new Pause(i, startsIn, days)),
  index.map((i) => new RemovePause(i)),
  index.map((i) => new Cancel(i)),
  index.map((i) => new Undo(i)),
  fc
    .record({ i: index, effectIn: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }) })
    .map(({ i, effectIn }) => new PriceChange(i, effectIn)),
  fc
    .record({ i: index, type: fc.constantFrom<'cash' | 'eftpos'>('cash', 'eftpos') })
    .map(({ i, type }) => new ManualPayment(i, type)),
  index.map((i) => new RetryNow(i)),
  index.map((i) => new ManualPayment(i, 'cash', true)),
];
