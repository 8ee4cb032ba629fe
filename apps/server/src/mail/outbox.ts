// The mail outbox: a message is queued, rendered, in the transaction of the change that causes it, once
// per natural key, and sent later by `sendQueuedMail`, which any number of workers may run at any time.
// A crash before the commit loses the change and its mail together; a crash after it leaves the mail
// queued for the next sender. A sender claims rows with SKIP LOCKED and a lease, sends outside any
// transaction (so a slow mail server holds no locks), and marks each row sent or failed.
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Env } from '../config/env';
import { type Db, type Executor, queryRows } from '../db/client';
import { outboundEmails } from '../db/schema/index';
import { eachInParallel, MAIL_CONCURRENCY } from '../in-parallel';
import type { Mailer, MailMessage } from './mailer';
import { withJoinSite } from './templates';

export interface QueuedMail extends MailMessage {
  /** Natural key, e.g. 'receipt:payment:42': the same mail is queued once, however often it is asked for. */
  key: string;
  template: string;
  organisationId: number | null;
  userId: number | null;
}

/** Queues the mails, each unless its key is queued already; answers how many were new. */
export async function queueMail(tx: Executor, mails: readonly QueuedMail[], now: Date): Promise<number> {
  if (mails.length === 0) return 0;
  const made = await tx
    .insert(outboundEmails)
    .values(
      mails.map((m) => ({
        key: m.key,
        template: m.template,
        organisationId: m.organisationId,
        userId: m.userId,
        toAddress: m.to,
        replyTo: m.replyTo ?? null,
        subject: m.subject,
        html: m.html,
        text: m.text,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: outboundEmails.key })
    .returning({ id: outboundEmails.id });
  return made.length;
}

/** Tries per mail before it is given up on (status 'failed', its last error kept). */
export const MAX_MAIL_ATTEMPTS = 5;
/** Rows one claim takes. */
const MAIL_BATCH = 50;
/** How long a claimed row is left to its sender before another may take it (the sender died). */
const LEASE_MS = 10 * 60_000;
/** Wait after the nth failed try: a mail server outage of up to about a day is ridden out. */
const RETRY_AFTER_MINUTES = [5, 30, 120, 720];

interface ClaimedMail {
  id: number;
  key: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

async function claimUnsent(db: Executor, now: Date, keys?: readonly string[]): Promise<ClaimedMail[]> {
  const at = now.toISOString();
  // A row whose last try's sender died after its final claim has no tries left: give it up.
  await db.execute(
    sql`update outbound_emails set status = 'failed', error = coalesce(error, 'no answer from the last try')
        where status = 'queued' and attempts >= ${MAX_MAIL_ATTEMPTS} and next_attempt_at <= ${at}`,
  );
  const rows = await queryRows<ClaimedMail>(
    db,
    sql`update outbound_emails o
          set attempts = o.attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
        where o.id in (
          select id from outbound_emails
          where status = 'queued' and attempts < ${MAX_MAIL_ATTEMPTS}
            and (next_attempt_at is null or next_attempt_at <= ${at})
            ${keys ? sql`and key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))` : sql``}
          order by id limit ${MAIL_BATCH}
          for update skip locked)
        returning o.id::int, o.key, o.to_address, o.reply_to, o.subject, o.html, o."text", o.attempts`,
  );
  return rows.sort((a, b) => a.id - b.id);
}

async function markSent(db: Executor, id: number, now: Date) {
  await db.execute(
    sql`update outbound_emails set status = 'sent', sent_at = ${now.toISOString()}, error = null,
          next_attempt_at = null
        where id = ${id} and status = 'queued'`,
  );
}

async function markFailed(db: Executor, mail: ClaimedMail, error: unknown, now: Date) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const wait = RETRY_AFTER_MINUTES[mail.attempts - 1];
  const giveUp = mail.attempts >= MAX_MAIL_ATTEMPTS || wait === undefined;
  await db.execute(
    sql`update outbound_emails set error = ${message},
          status = ${giveUp ? 'failed' : 'queued'},
          next_attempt_at = ${giveUp ? null : new Date(now.getTime() + wait * 60_000).toISOString()}
        where id = ${mail.id} and status = 'queued'`,
  );
}

/** What sending the outbox needs: the application's deps have it, and the mail layer knows no app. */
export interface MailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  env: Env;
}

/**
 * Sends every queued mail that is due, batch by batch, until none is left; a mail that fails waits and
 * is tried again by a later call. Safe to call at any time and from many workers at once. With MAIL_HOLD
 * set it sends nothing: the mail stays queued. `keys`: only those mails (a change sending its own mail
 * at once, after its commit, without taking on everything else queued).
 */
export async function sendQueuedMail(
  deps: MailDeps,
  keys?: readonly string[],
): Promise<{ sent: number; failed: number }> {
  if (deps.env.MAIL_HOLD) return { sent: 0, failed: 0 };
  if (keys && keys.length === 0) return { sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await claimUnsent(deps.db, deps.clock.now(), keys);
    await eachInParallel(
      batch,
      async (mail) => {
        const message = withJoinSite(
          {
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
          },
          deps.env.REGISTER_URL,
        );
        try {
          await deps.mailer.send({ to: mail.to_address, ...message });
        } catch (error) {
          await markFailed(deps.db, mail, error, deps.clock.now());
          failed += 1;
          return;
        }
        await markSent(deps.db, mail.id, deps.clock.now());
        sent += 1;
      },
      MAIL_CONCURRENCY,
    );
    if (batch.length < MAIL_BATCH) return { sent, failed };
  }
}
