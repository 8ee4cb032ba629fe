// The sentences the action dialogs show, from the server's previews (money and door access in plain
// words, dates and amounts through the domain's en-NZ formats). Pure, so they are tested alone.

import type { CancellationPreview, PausePreview, StartEarly } from '@gym/domain/api/subscriptions';
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { undoUntilPhrase } from '@gym/domain/labels';
import { formatMoney } from '@gym/domain/money';

const day = (value: string) => formatDate(value as CalendarDate);

export function pauseSentences(p: PausePreview): string[] {
  const lines = [
    `Paused from ${day(p.start_date)}; back on ${day(p.end_date)} (${p.days} ${p.days === 1 ? 'day' : 'days'}).`,
    p.starts_today
      ? 'Door access ends now and comes back on the first day back.'
      : `Door access ends on ${day(p.start_date)} and comes back on ${day(p.end_date)}.`,
  ];
  if (p.moves_start_date)
    lines.push(
      `The membership has not started: it starts on ${day(p.next_charge_date ?? p.end_date)} instead.`,
    );
  else {
    lines.push('No payment falls due during the pause.');
    if (p.credit_days > 0)
      lines.push(
        `${p.credit_days} paid ${p.credit_days === 1 ? 'day' : 'days'} inside the pause ${p.credit_days === 1 ? 'is' : 'are'} credited.`,
      );
    if (p.next_charge_date) lines.push(`The next payment is on ${day(p.next_charge_date)}.`);
  }
  return lines;
}

export function cancelSentences(c: CancellationPreview): string[] {
  const lastDay = day(addDays(c.ends_on as CalendarDate, -1));
  if (c.kind === 'cooling_off')
    return [
      'Inside the cooling-off period: the membership ends today and door access ends now.',
      c.refund > 0
        ? `${c.formatted_refund} for the unused days is refunded ${c.refund_method === 'stripe' ? 'to the card' : 'by the gym, by bank transfer (open banking cannot pull money back)'}.`
        : 'Nothing was paid for the rest of the period, so nothing is refunded.',
      'This cannot be undone.',
    ];
  const lines = [`Door access continues until the end of ${lastDay}; nothing more is charged after that.`];
  if (c.kind === 'break_fee')
    lines.push(
      c.break_fee > 0
        ? `Leaving the term early: a break fee of ${c.formatted_break_fee} (on ${c.formatted_remaining_term_value} of the term still to come) is charged now.`
        : `Leaving the term early: this gym charges no break fee (${c.formatted_remaining_term_value} of the term was still to come).`,
    );
  lines.push(
    c.undo_until
      ? `It ${undoUntilPhrase(new Date(c.undo_until))}.`
      : 'This cannot be undone: the break fee is charged when you confirm.',
  );
  return lines;
}

export function startEarlySentences(s: StartEarly): string[] {
  if (!s.can_start_early) return [s.reason ?? 'This membership cannot start early.'];
  const lines = [
    `Starts today instead of ${day(s.start_date)} (${s.days_brought_forward} ${s.days_brought_forward === 1 ? 'day' : 'days'} brought forward); door access starts now.`,
    `${s.formatted_total} is charged now${s.payment_method === 'stripe_card' ? ' to the card' : s.payment_method === 'bank_account' ? ' from the bank account' : ''}: ${s.explanation ?? ''}${s.joining_fee > 0 ? `, plus the joining fee of ${formatMoney(s.joining_fee)}` : ''}${s.surcharge > 0 ? `, with a card surcharge of ${formatMoney(s.surcharge)}` : ''}.`,
    `The first full payment stays on ${day(s.next_charge_date)}.`,
  ];
  return lines;
}
