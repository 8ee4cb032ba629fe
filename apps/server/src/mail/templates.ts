// The mail the product sends, each with an HTML and a plain-text part.
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

export function twoFactorCodeMail(input: { name: string; code: string; minutes: number }): Rendered {
  const lines = [
    `Kia ora ${input.name},`,
    `Your sign-in code is ${input.code}. It expires in ${input.minutes} minutes.`,
    'If you did not try to sign in, you can ignore this email; someone may have typed your address by mistake.',
  ];
  return {
    subject: `Your sign-in code: ${input.code}`,
    html: layout('Your sign-in code', lines),
    text: lines.join('\n\n'),
  };
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
