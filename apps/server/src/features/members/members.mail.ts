// Mail to a person staff have added as a member: finish joining on the join site (photo, payment method,
// confirmation), with a plain-text part for every mail client.
import type { MailMessage } from '../../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function memberAddedMail(input: {
  name: string;
  gymName: string;
  offeringName: string;
  startDate: string;
  url: string;
}): Omit<MailMessage, 'to'> {
  const lines = [
    `Kia ora ${input.name},`,
    `${input.gymName} has started your ${input.offeringName} membership, beginning ${input.startDate}.`,
    'To finish joining, add a photo of yourself and the way you would like to pay, then confirm your membership. Nothing is charged until you confirm.',
  ];
  const paragraphs = lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('');
  return {
    subject: `Finish joining ${input.gymName}`,
    html: `<!doctype html><html lang="en-NZ"><body style="font-family:system-ui,Arial,sans-serif;color:#1a1b1e;padding:24px">${paragraphs}<p><a href="${escapeHtml(input.url)}">Finish joining</a></p></body></html>`,
    text: `${lines.join('\n\n')}\n\nFinish joining: ${input.url}`,
  };
}
