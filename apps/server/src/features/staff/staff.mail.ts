// Mail to a person who already has an account and has just been added to an organisation's staff.
// (People without a password get the invitation mail of mail/templates.ts instead.)
import type { MailMessage } from '../../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function staffAddedMail(input: {
  name: string;
  organisationName: string;
  inviterName: string;
  url: string;
}): Omit<MailMessage, 'to'> {
  const lines = [
    `Kia ora ${input.name},`,
    `${input.inviterName} has added you to ${input.organisationName} as staff.`,
    'Sign in with your existing email and password; you can switch to the organisation from the top bar.',
  ];
  const paragraphs = lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('');
  return {
    subject: `You've been added to ${input.organisationName}`,
    html: `<!doctype html><html lang="en-NZ"><body style="font-family:system-ui,Arial,sans-serif;color:#1a1b1e;padding:24px">${paragraphs}<p><a href="${escapeHtml(input.url)}">Sign in</a></p></body></html>`,
    text: `${lines.join('\n\n')}\n\nSign in: ${input.url}`,
  };
}
