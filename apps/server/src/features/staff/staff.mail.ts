// Mail to a person who already has an account and has been invited to an organisation's staff: one click
// accepts. (People without a password get the invitation mail of mail/templates.ts instead.)
import type { MailMessage } from '../../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function staffInvitedMail(input: {
  organisationName: string;
  inviterName: string;
  url: string;
  days: number;
}): Omit<MailMessage, 'to'> {
  const lines = [
    'Kia ora,',
    `${input.inviterName} has invited you to join ${input.organisationName} as staff.`,
    `Accept the invitation to work there with your existing sign-in. The link works once, for ${input.days} days. If you do not know ${input.organisationName}, ignore this email: nothing changes.`,
  ];
  const paragraphs = lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('');
  return {
    subject: `You're invited to ${input.organisationName}`,
    html: `<!doctype html><html lang="en-NZ"><body style="font-family:system-ui,Arial,sans-serif;color:#1a1b1e;padding:24px">${paragraphs}<p><a href="${escapeHtml(input.url)}">Accept the invitation</a></p></body></html>`,
    text: `${lines.join('\n\n')}\n\nAccept the invitation: ${input.url}`,
  };
}
