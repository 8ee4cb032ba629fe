// The billing engine's mail on a real database, the provider simulators and a real SMTP receiver: each
// message queued in the outbox with the change that causes it, sent once, with a plain-text part.
// Each test makes its own members and reads only their mail.
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetClock } from '../../clock';
import { gyms, outboundEmails, priceChanges, users } from '../../db/schema/index';
import type { Mailer } from '../../mail/mailer';
import { MAX_MAIL_ATTEMPTS, queueMail, sendQueuedMail } from '../../mail/outbox';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant, unique } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { bankMember, banksAnswer, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { billingDeps } from './billing.test-support';
import { runBillingDay } from './billing-run.service';

let t: TestApp;
let adminCookie: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  tenant = await createTenant(t.db);
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
  adminCookie = await signIn(t.app, tenant.admin.email);
}, 60_000);
afterAll(() => t.close());

const today = () => todayInAuckland(t.clock.now());

async function travel(days: number) {
  const res = await t.app.inject(
    pageRequest({ method: 'POST', url: '/api/dev/clock', cookie: adminCookie, payload: { days } }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A member paying by bank for a weekly membership starting `startsIn` days from today. */
async function weeklyBankMember(price: number, startsIn = 1) {
  const bank = await bankMember(t, tenant);
  const offering = await createOffering(t.db, {
    organisationId: tenant.organisation.id,
    allGymsAccess: true,
  });
  const weekly = await createPrice(t.db, {
    organisationId: tenant.organisation.id,
    offeringId: offering.id,
    amount: price,
    billingFrequency: 'weekly',
  });
  const start = addDays(today(), startsIn);
  const sub = await createSubscription(t.db, {
    organisationId: tenant.organisation.id,
    gymId: tenant.gymA.id,
    userId: bank.member.id,
    priceId: weekly.id,
    paymentTypeId: bank.paymentTypeId,
    startDate: start,
    anchorDay: Number(start.slice(8)),
  });
  return { bank, sub, start, offering };
}

/** The mail a member received, oldest first. */
const mailTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase())).reverse();

const outboxRow = async (key: string) =>
  (await t.db.select().from(outboundEmails).where(eq(outboundEmails.key, key)))[0];

const gymName = () => tenant.gymA.name;

describe('billing mail', () => {
  it('sends a receipt, with a plain-text part, when a charge is paid', async () => {
    const { bank, start } = await weeklyBankMember(2500);
    await travel(1);
    const mail = mailTo(bank.member.email);
    expect(mail.map((m) => m.subject)).toEqual([`Receipt: $25.00 paid to ${gymName()}`]);
    const [receipt] = mail;
    expect(receipt!.text).toContain(`Kia ora ${bank.member.name},`);
    expect(receipt!.text).toContain(
      `It pays for your membership from ${formatDate(start)} to ${formatDate(addDays(start, 6))}.`,
    );
    expect(receipt!.text).toContain('Paid by your bank account.');
    expect(receipt!.text).not.toContain('<');
    expect(receipt!.html).toContain('<html lang="en-NZ">');
    expect(receipt!.html).toContain('$25.00');
    const [payment] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.userId, bank.member.id));
    expect(payment).toMatchObject({ template: 'payment_receipt', status: 'sent', attempts: 1 });
    expect(payment!.key).toMatch(/^receipt:payment:\d+$/);
    // The next days send nothing again.
    await travel(1);
    expect(mailTo(bank.member.email)).toHaveLength(1);
  });

  it('mails a failed payment once, with the link to fix it, however often the day is run', async () => {
    const { bank, start } = await weeklyBankMember(2200, 0);
    t.sandbox.controls.akahu.failNextPayment(bank.accountId, 'INVALID_ACCOUNT');
    const deps = billingDeps(t);
    await runBillingDay(deps, start);
    await banksAnswer(t);
    await runBillingDay(deps, start);
    await runBillingDay(deps, start);
    await sendQueuedMail(deps);
    const mail = mailTo(bank.member.email);
    expect(mail.map((m) => m.subject)).toEqual([`Your payment to ${gymName()} didn't go through`]);
    const link = `${t.env.REGISTER_URL}/account/pay`;
    expect(mail[0]!.text).toContain(`Update your payment method: ${link}`);
    expect(mail[0]!.text).toContain("We won't try this payment method again.");
    expect(mail[0]!.text).toContain(`still unpaid on ${formatDate(addDays(start, 14), 'long')}`);
    expect(mail[0]!.html).toContain(`href="${link}"`);
    expect(mail[0]!.html).not.toContain('{{');
  });

  it('mails one failure per charge through the retries, then grace ending soon, then the cancellation', async () => {
    const { bank, sub, start } = await weeklyBankMember(3000);
    t.sandbox.controls.akahu.setBalance(bank.accountId, 0);
    await travel(16);
    const mail = mailTo(bank.member.email);
    const graceEnds = addDays(start, 14);
    expect(mail.map((m) => m.subject)).toEqual([
      // The first charge (day 0) and its retries on days 1, 3 and 5: one mail. The second charge (day 7),
      // reminded of on day 5 (it falls due before grace ends), and its retries: one mail.
      `Your payment to ${gymName()} didn't go through`,
      `Payment reminder: $30.00 due on ${formatDate(addDays(start, 7))}`,
      `Your payment to ${gymName()} didn't go through`,
      `Action needed: your ${gymName()} membership ends on ${formatDate(graceEnds)} unless paid`,
      `Your ${gymName()} membership has been cancelled`,
    ]);
    expect(mail[0]!.text).toContain(
      `We'll try again automatically on ${formatDate(addDays(start, 1), 'long')}.`,
    );
    const cancelled = mail[4]!;
    expect(cancelled.text).toContain(
      `was cancelled on ${formatDate(graceEnds, 'long')} because $60.00 remained unpaid`,
    );
    expect(cancelled.html).toContain('$60.00');
    for (const m of mail) expect(m.text.startsWith(`Kia ora ${bank.member.name},`)).toBe(true);
    expect(await outboxRow(`cancelled_non_payment:subscription:${sub.id}`)).toMatchObject({ status: 'sent' });
    expect(await outboxRow(`grace_ending:subscription:${sub.id}:${graceEnds}`)).toMatchObject({
      status: 'sent',
    });
    // The grace-ending mail went with two days left (day 12), not again on day 13.
    const graceMail = await outboxRow(`grace_ending:subscription:${sub.id}:${graceEnds}`);
    expect(todayInAuckland(graceMail!.createdAt)).toBe(addDays(start, 12));
  });

  it('reminds only members who asked for payment reminders by email, two days ahead', async () => {
    const asked = await weeklyBankMember(2700, 3);
    const notAsked = await weeklyBankMember(2700, 3);
    const noEmail = await weeklyBankMember(2700, 3);
    await t.db.update(users).set({ paymentReminders: false }).where(eq(users.id, notAsked.bank.member.id));
    await t.db
      .update(users)
      .set({ emailNotificationsEnabled: false })
      .where(eq(users.id, noEmail.bank.member.id));
    await travel(1);
    const due: CalendarDate = asked.start;
    expect(mailTo(asked.bank.member.email).map((m) => [m.subject, m.text.split('\n\n')[1]])).toEqual([
      [
        `Payment reminder: $27.00 due on ${formatDate(due)}`,
        `A reminder that your next ${gymName()} membership payment of $27.00 is due on ${formatDate(due, 'long')}.`,
      ],
    ]);
    expect(await outboxRow(`reminder:charge-due:${asked.sub.id}:${due}`)).toMatchObject({ status: 'sent' });
    expect(mailTo(notAsked.bank.member.email)).toEqual([]);
    expect(mailTo(noEmail.bank.member.email)).toEqual([]);
    // Once charged, each gets a receipt: receipts go whatever the notification setting.
    await travel(2);
    expect(mailTo(asked.bank.member.email)).toHaveLength(2);
    expect(mailTo(noEmail.bank.member.email).map((m) => m.subject)).toEqual([
      `Receipt: $27.00 paid to ${gymName()}`,
    ]);
  });

  it('tells a member of a scheduled price change once, replying to the gym', async () => {
    const replyTo = `${unique('prices')}@gym.example.co.nz`;
    await t.db
      .update(gyms)
      .set({ priceChangeNotificationReplyTo: replyTo })
      .where(eq(gyms.id, tenant.gymA.id));
    const { bank, sub, start, offering } = await weeklyBankMember(2500, 3);
    const dearer = await createPrice(t.db, {
      organisationId: tenant.organisation.id,
      offeringId: offering.id,
      amount: 2900,
      billingFrequency: 'weekly',
    });
    const takesEffect = addDays(start, 7);
    const [change] = await t.db
      .insert(priceChanges)
      .values({
        organisationId: tenant.organisation.id,
        subscriptionId: sub.id,
        userId: bank.member.id,
        fromPriceId: sub.priceId,
        toPriceId: dearer.id,
        fromAmount: 2500,
        toAmount: 2900,
        takesEffectAt: takesEffect,
      })
      .returning();
    await travel(1);
    await travel(1);
    const notices = mailTo(bank.member.email).filter((m) => m.subject.includes('price'));
    expect(notices.map((m) => m.subject)).toEqual([`Your ${gymName()} membership price is changing`]);
    expect(notices[0]!.text).toContain(
      `From ${formatDate(takesEffect, 'long')}, the price of your ${gymName()} membership changes from $25.00 to $29.00, billed weekly.`,
    );
    expect(await outboxRow(`price_change:price_change:${change!.id}`)).toMatchObject({
      replyTo,
      status: 'sent',
    });
    const [row] = await t.db.select().from(priceChanges).where(eq(priceChanges.id, change!.id));
    expect(row!.notifiedAt).not.toBeNull();
  });
});

describe('the mail outbox', () => {
  const mail = (key: string) => ({
    key,
    template: 'test',
    organisationId: tenant.organisation.id,
    userId: null,
    to: `${key}@example.co.nz`,
    subject: `Subject ${key}`,
    html: '<p>Hello</p>',
    text: 'Hello',
  });

  it('queues a key once, and many senders at once send each mail once', async () => {
    await sendQueuedMail(billingDeps(t));
    const prefix = unique('many');
    const keys = Array.from({ length: 120 }, (_, i) => `${prefix}-${i}`);
    const now = t.clock.now();
    expect(await queueMail(t.db, keys.map(mail), now)).toBe(120);
    expect(await queueMail(t.db, keys.slice(0, 10).map(mail), now)).toBe(0);
    const sent: string[] = [];
    const counting: Mailer = {
      send: async (m) => {
        sent.push(m.to);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
      close: () => {},
    };
    const deps = { ...billingDeps(t), mailer: counting };
    const results = await Promise.all([sendQueuedMail(deps), sendQueuedMail(deps), sendQueuedMail(deps)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(120);
    expect(sent.sort()).toEqual(keys.map((k) => `${k}@example.co.nz`).sort());
    const rows = await t.db
      .select()
      .from(outboundEmails)
      .where(like(outboundEmails.key, `${prefix}-%`));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt !== null)).toBe(true);
  });

  it('tries a failing mail again later, keeps the error, and gives up after five tries', async () => {
    await sendQueuedMail(billingDeps(t));
    const key = unique('failing');
    const clock = offsetClock(t.clock.now());
    await queueMail(t.db, [mail(key)], clock.now());
    const broken: Mailer = {
      send: async () => {
        throw new Error('421 mail server busy');
      },
      close: () => {},
    };
    const deps = { ...billingDeps(t), clock, mailer: broken };
    expect(await sendQueuedMail(deps)).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow(key)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: '421 mail server busy',
    });
    // Not again straight away.
    expect(await sendQueuedMail(deps)).toEqual({ sent: 0, failed: 0 });
    for (let tries = 2; tries <= MAX_MAIL_ATTEMPTS; tries += 1) {
      clock.advance(24 * 60 * 60_000);
      expect(await sendQueuedMail(deps)).toEqual({ sent: 0, failed: 1 });
    }
    expect(await outboxRow(key)).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    clock.advance(24 * 60 * 60_000);
    expect(await sendQueuedMail({ ...billingDeps(t), clock })).toMatchObject({ sent: 0 });
    expect(mailTo(`${key}@example.co.nz`)).toEqual([]);
  });
});
