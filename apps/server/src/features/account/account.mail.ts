// Mail of the member's own account: the cancellation confirmation (their proof of cancelling online) and
// the code that confirms a new email address.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate, formatDateTime } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';

interface Rendered {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function render(subject: string, title: string, lines: string[]): Rendered {
  const body = lines.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return {
    subject,
    html: `<!doctype html><html lang="en-NZ"><body style="font-family:system-ui,Arial,sans-serif;color:#1a1b1e;padding:24px"><div style="max-width:560px;margin:auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}</div></body></html>`,
    text: lines.join('\n\n'),
  };
}

export function cancellationConfirmedMail(input: {
  name: string;
  organisationName: string;
  lastDay: CalendarDate;
  refund: number;
  breakFee: number;
  undoUntil: Date | null;
  accountUrl: string;
}): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `You cancelled your membership with ${input.organisationName} online. This email is your confirmation.`,
    `Your membership and door access end after ${formatDate(input.lastDay, 'long')}.`,
    ...(input.refund > 0 ? [`Unused days are refunded: ${formatMoney(input.refund)}.`] : []),
    ...(input.breakFee > 0
      ? [`As you are leaving the term early, a break fee of ${formatMoney(input.breakFee)} is charged now.`]
      : []),
    input.undoUntil
      ? `Changed your mind? You can undo the cancellation on your account until ${formatDateTime(input.undoUntil)}: ${input.accountUrl}`
      : 'This cancellation is final.',
  ];
  return render('Your membership is cancelled', 'Cancellation confirmed', lines);
}

export function emailChangeCodeMail(input: { name: string; code: string; minutes: number }): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `To use this address for your gym account, enter the code ${input.code}. It expires in ${input.minutes} minutes.`,
    'If you did not ask for this, ignore this email; your account keeps its address.',
  ];
  return render(`Confirm your new email address: ${input.code}`, 'Confirm your new email address', lines);
}
