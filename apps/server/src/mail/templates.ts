// The mail the product sends, each with an HTML and a plain-text part.
import { BILLING_FREQUENCY_LABELS, type BillingFrequency } from '@gym/domain/billing-frequency';
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { partPaymentSentence } from '@gym/domain/manual-payment';
import { formatMoney } from '@gym/domain/money';
import type { MailMessage } from './mailer';

type Rendered = Omit<MailMessage, 'to'>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="en-NZ"><body style="font-family:system-ui,Arial,sans-serif;color:#1a1b1e;background:#f8f9fa;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}</div></body></html>`;
}

/**
 * An emailed six-digit code: to sign in (two-factor) or to confirm the address a new member joined with.
 * The code is in the body only: a subject shows on a locked phone's lock screen and in mail previews.
 */
export function twoFactorCodeMail(input: {
  name: string;
  code: string;
  minutes: number;
  purpose?: 'sign_in' | 'confirm_email';
}): Rendered {
  const confirming = input.purpose === 'confirm_email';
  const title = confirming ? 'Confirm your email address' : 'Your sign-in code';
  const lines = [
    `Kia ora ${input.name},`,
    confirming
      ? `Your code to confirm your email address is ${input.code}. It expires in ${input.minutes} minutes.`
      : `Your sign-in code is ${input.code}. It expires in ${input.minutes} minutes.`,
    confirming
      ? 'If you did not join a gym with this address, you can ignore this email.'
      : 'If you did not try to sign in, you can ignore this email; someone may have typed your address by mistake.',
  ];
  return { subject: title, html: layout(title, lines), text: lines.join('\n\n') };
}

export function passwordResetMail(input: { name: string; url: string; minutes: number }): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `Someone asked to reset the password of your account. The link works once, for ${input.minutes} minutes.`,
    'If it was not you, ignore this email: your password stays as it is.',
  ];
  return {
    subject: 'Reset your password',
    html: layout('Reset your password', lines, { label: 'Choose a new password', url: input.url }),
    text: `${lines.join('\n\n')}\n\nChoose a new password: ${input.url}`,
  };
}

export function invitationMail(input: {
  name: string;
  organisationName: string;
  inviterName: string;
  url: string;
  days: number;
}): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `${input.inviterName} has invited you to join ${input.organisationName} as staff.`,
    `Set your password to sign in. The link works once, for ${input.days} days.`,
  ];
  return {
    subject: `You're invited to ${input.organisationName}`,
    html: layout(`Join ${input.organisationName}`, lines, { label: 'Set your password', url: input.url }),
    text: `${lines.join('\n\n')}\n\nSet your password: ${input.url}`,
  };
}

// Billing mail. Money is formatted by the domain's formatMoney and dates on the Auckland calendar.

/**
 * Stands for the member join site's address in a stored mail. Payment answers are applied (by webhooks
 * too) without the server's configuration at hand, so the outbox keeps this marker and the sender puts
 * the configured REGISTER_URL in (`withJoinSite`): a queued mail links to where the site is now.
 */
const JOIN_SITE = '{{join_site}}';

/** The member account's page where they pay what is owed now or change how they pay. */
export const FIX_PAYMENT_METHOD_URL = `${JOIN_SITE}/account/pay`;

export function withJoinSite<T extends Rendered>(mail: T, registerUrl: string): T {
  const site = registerUrl.replace(/\/+$/, '');
  return {
    ...mail,
    html: mail.html.replaceAll(JOIN_SITE, escapeHtml(site)),
    text: mail.text.replaceAll(JOIN_SITE, site),
  };
}

const longDate = (value: CalendarDate | Date) => formatDate(value, 'long');

export function paymentReceiptMail(input: {
  name: string;
  gymName: string;
  /** Everything collected, surcharge included, in cents. */
  total: number;
  surcharge: number;
  joiningFee: number;
  paidAt: Date;
  /** The period paid for; its end is exclusive (the next period's first day). */
  period: { start: CalendarDate; end: CalendarDate | null } | null;
  method: string | null;
  reference: string;
  /** The receipt's taxable supply information (the domain's `taxableSupply` lines). */
  taxLines?: string[];
  /** A part payment taken at the desk: what the member still owes after it, in cents. */
  stillOwing?: number;
}): Rendered {
  const { period } = input;
  const lines = [
    `Kia ora ${input.name},`,
    `Thank you. Your payment of ${formatMoney(input.total)} to ${input.gymName} went through on ${longDate(input.paidAt)}.`,
    ...(period
      ? [
          period.end
            ? `It pays for your membership from ${formatDate(period.start)} to ${formatDate(addDays(period.end, -1))}.`
            : `It pays for your membership from ${formatDate(period.start)}.`,
        ]
      : []),
    ...(input.joiningFee > 0 ? [`It includes the joining fee of ${formatMoney(input.joiningFee)}.`] : []),
    ...(input.surcharge > 0 ? [`It includes a card surcharge of ${formatMoney(input.surcharge)}.`] : []),
    ...(input.method ? [`Paid by ${input.method}.`] : []),
    ...(input.stillOwing !== undefined ? [`${partPaymentSentence(input.total, input.stillOwing)}.`] : []),
    `Receipt reference: ${input.reference}. Keep this email for your records.`,
    ...(input.taxLines?.length ? ['Taxable supply information', ...input.taxLines] : []),
  ];
  return {
    subject: `Receipt: ${formatMoney(input.total)} paid to ${input.gymName}`,
    html: layout('Payment received', lines),
    text: lines.join('\n\n'),
  };
}

export function paymentFailedMail(input: {
  name: string;
  gymName: string;
  total: number;
  reason: string | null;
  /** When the payment is tried again by itself; null when it will not be. */
  retryOn: CalendarDate | null;
  /** The day the membership is cancelled if still unpaid (grace's end). */
  cancelsOn: CalendarDate | null;
  url: string;
}): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `We couldn't collect your payment of ${formatMoney(input.total)} for your ${input.gymName} membership${input.reason ? ` (${input.reason.replace(/\.$/, '')})` : ''}.`,
    input.retryOn
      ? `We'll try again automatically on ${longDate(input.retryOn)}. If your payment method has changed, you can update it now.`
      : `We won't try this payment method again. Please choose a new payment method so we can collect what is owed.`,
    ...(input.cancelsOn
      ? [
          `Your door access continues meanwhile. If the payment is still unpaid on ${longDate(input.cancelsOn)}, your membership will be cancelled.`,
        ]
      : []),
  ];
  return {
    subject: `Your payment to ${input.gymName} didn't go through`,
    html: layout('Your payment did not go through', lines, {
      label: 'Update your payment method',
      url: input.url,
    }),
    text: `${lines.join('\n\n')}\n\nUpdate your payment method: ${input.url}`,
  };
}

/** The join site's confirm step, where a member whose first payment failed chooses how to pay again. */
export const CONFIRM_AGAIN_URL = `${JOIN_SITE}/confirm-subscription`;

/**
 * A first payment that failed after the member had left the confirm screen (a bank payment answered
 * later, a card's authentication abandoned): nothing is owed, the membership has not started, and the
 * member confirms again with the same or another way to pay (BILLING.md "A first payment declined at
 * confirmation is not a debt").
 */
export function firstPaymentFailedMail(input: {
  name: string;
  gymName: string;
  total: number;
  reason: string | null;
  url: string;
}): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `Your first payment of ${formatMoney(input.total)} for your ${input.gymName} membership didn't go through${input.reason ? ` (${input.reason.replace(/\.$/, '')})` : ''}.`,
    'Nothing was charged and nothing is owed, but your membership has not started yet, so your door access has not started either.',
    'Choose a way to pay (the same one, or another) and confirm again to start your membership.',
  ];
  return {
    subject: `Your first payment to ${input.gymName} didn't go through`,
    html: layout('Your first payment did not go through', lines, {
      label: 'Choose how to pay',
      url: input.url,
    }),
    text: `${lines.join('\n\n')}\n\nChoose how to pay: ${input.url}`,
  };
}

export function graceEndingMail(input: {
  name: string;
  gymName: string;
  owing: number;
  cancelsOn: CalendarDate;
  url: string;
}): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `Your ${input.gymName} membership still has ${formatMoney(input.owing)} unpaid. If it is still unpaid on ${longDate(input.cancelsOn)}, your membership will be cancelled that day and your door access will stop.`,
    'Update your payment method and we will collect what is owed, or talk to the gym about paying another way.',
    'If you have paid in the meantime, thank you: you can ignore this email.',
  ];
  return {
    subject: `Action needed: your ${input.gymName} membership ends on ${formatDate(input.cancelsOn)} unless paid`,
    html: layout('Your membership is about to end', lines, {
      label: 'Update your payment method',
      url: input.url,
    }),
    text: `${lines.join('\n\n')}\n\nUpdate your payment method: ${input.url}`,
  };
}

export function cancelledForNonPaymentMail(input: {
  name: string;
  gymName: string;
  owing: number;
  cancelledOn: CalendarDate;
}): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `Your ${input.gymName} membership was cancelled on ${longDate(input.cancelledOn)} because ${formatMoney(input.owing)} remained unpaid after the grace period. Your door access has ended.`,
    `The unpaid ${formatMoney(input.owing)} is still owed. Please contact ${input.gymName} to pay it, or to join again.`,
  ];
  return {
    subject: `Your ${input.gymName} membership has been cancelled`,
    html: layout('Your membership has been cancelled', lines),
    text: lines.join('\n\n'),
  };
}

export function paymentReminderMail(input: {
  name: string;
  gymName: string;
  total: number;
  dueOn: CalendarDate;
  method: string | null;
}): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `A reminder that your next ${input.gymName} membership payment of ${formatMoney(input.total)} is due on ${longDate(input.dueOn)}.`,
    input.method
      ? `We'll collect it from ${input.method}; please make sure the funds are there.`
      : 'Please make sure the funds are there.',
    'You get these reminders because payment reminders are turned on for your account.',
  ];
  return {
    subject: `Payment reminder: ${formatMoney(input.total)} due on ${formatDate(input.dueOn)}`,
    html: layout('Your next payment', lines),
    text: lines.join('\n\n'),
  };
}

export function priceChangeMail(input: {
  name: string;
  gymName: string;
  fromAmount: number;
  toAmount: number;
  /** The new price's frequency. */
  frequency: BillingFrequency | null;
  /** The current price's frequency, when the change moves the member to another one. */
  fromFrequency?: BillingFrequency | null;
  takesEffectOn: CalendarDate;
  /**
   * When the new price is of another offering: its name, the current one's, and how door access changes
   * (accessChangeSentences: none when the two open the same gyms at the same times).
   */
  offering?: { fromName: string; toName: string; accessChanges: readonly string[] } | null;
}): Rendered {
  const billedLabel = (f: BillingFrequency | null | undefined) =>
    f && f !== 'one_off' ? BILLING_FREQUENCY_LABELS[f].toLowerCase() : null;
  const to = billedLabel(input.frequency);
  const from = billedLabel(input.fromFrequency);
  const newFrequency = from !== null && to !== null && input.fromFrequency !== input.frequency;
  const billed = to ? `, billed ${to}` : '';
  const on = longDate(input.takesEffectOn);
  const price = `${formatMoney(input.fromAmount)} to ${formatMoney(input.toAmount)}${billed}`;
  const lines = [`Kia ora ${input.name},`];
  if (input.offering) {
    lines.push(
      `From ${on}, your ${input.gymName} membership changes from ${input.offering.fromName} to ${input.offering.toName}, and its price from ${price}.`,
      ...input.offering.accessChanges,
    );
  } else {
    lines.push(`From ${on}, the price of your ${input.gymName} membership changes from ${price}.`);
  }
  if (newFrequency) {
    lines.push(
      `Your current ${from} period runs to its end as paid: nothing is refunded or charged part-way. From ${on} you are billed ${to}, with your first ${to} payment of ${formatMoney(input.toAmount)} on that day.`,
    );
  } else {
    lines.push(`Payments for periods starting before then stay at ${formatMoney(input.fromAmount)}.`);
  }
  lines.push('If you have any questions, reply to this email.');
  const subject = input.offering
    ? `Your ${input.gymName} membership is changing to ${input.offering.toName}`
    : `Your ${input.gymName} membership price is changing`;
  const title = input.offering ? 'Your membership is changing' : 'Your membership price is changing';
  return { subject, html: layout(title, lines), text: lines.join('\n\n') };
}

/** The week's figures of an organisation, for its admins' Monday digest (features/weekly-digest). */
export interface WeeklyDigestFigures {
  organisationName: string;
  from: CalendarDate;
  through: CalendarDate;
  joins: number;
  cancellations: number;
  collectedCents: number;
  collectedPayments: number;
  debtors: number;
  owingCents: number;
  atRiskTotal: number;
  /** The first few at risk: name and reason in words. */
  atRisk: { name: string; reasons: string }[];
  reportsUrl: string;
  atRiskUrl: string;
  settingsUrl: string;
}

export function weeklyDigestMail(input: WeeklyDigestFigures & { name: string }): Rendered {
  const week = `${formatDate(input.from, 'full')} to ${formatDate(input.through, 'full')}`;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const figures = [
    `Joined: ${plural(input.joins, 'new membership', 'new memberships')}`,
    `Cancelled: ${plural(input.cancellations, 'membership', 'memberships')}`,
    `Collected: ${formatMoney(input.collectedCents)} from ${plural(input.collectedPayments, 'payment', 'payments')}`,
    `Owing now: ${formatMoney(input.owingCents)} from ${plural(input.debtors, 'member', 'members')}`,
    `At risk now: ${plural(input.atRiskTotal, 'member', 'members')}`,
  ];
  const atRisk = input.atRisk.map((m) => `${m.name}: ${m.reasons}`);
  const more = input.atRiskTotal - input.atRisk.length;
  const title = `${input.organisationName}: your week, ${week}`;
  const intro = `Kia ora ${input.name}, here is ${input.organisationName}'s week, ${week}.`;
  const off =
    'You get this email every Monday morning as an organisation admin. Switch it off on your settings page:';
  const li = (items: string[]) =>
    `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  const link = (label: string, url: string) =>
    `<a href="${escapeHtml(url)}" style="color:#1c7ed6">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html lang="en-NZ"><body style="font-family:system-ui,Arial,sans-serif;color:#1a1b1e;background:#f8f9fa;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>${li(figures)}
<p style="margin:0 0 16px">${link('See every report', input.reportsUrl)}</p>
<h2 style="font-size:16px;margin:0 0 8px">Members at risk</h2>
${atRisk.length > 0 ? li(atRisk) : '<p style="margin:0 0 16px">Nobody is at risk this week.</p>'}
${more > 0 ? `<p style="margin:0 0 16px">and ${escapeHtml(plural(more, 'other', 'others'))}.</p>` : ''}
<p style="margin:0 0 16px">${link('See who is at risk and why', input.atRiskUrl)}</p>
<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(off)} ${link('your settings', input.settingsUrl)}</p></div></body></html>`;
  const text = [
    intro,
    figures.map((f) => `- ${f}`).join('\n'),
    `See every report: ${input.reportsUrl}`,
    `Members at risk:\n${atRisk.length > 0 ? atRisk.map((a) => `- ${a}`).join('\n') : 'Nobody is at risk this week.'}${more > 0 ? `\nand ${plural(more, 'other', 'others')}.` : ''}`,
    `See who is at risk and why: ${input.atRiskUrl}`,
    `${off} ${input.settingsUrl}`,
  ].join('\n\n');
  return { subject: `Your week at ${input.organisationName}`, html, text };
}
