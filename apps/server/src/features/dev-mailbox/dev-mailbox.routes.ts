// Developers' mailbox: what the local SMTP capture received, so sign-in codes and reset links can be
// followed with no outside mail service. Only registered when the capture runs (sandbox mode).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailCapture } from '../../mail/capture';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function mailboxPage(capture: MailCapture) {
  const rows = capture.messages
    .map(
      (
        m,
      ) => `<article><header><h2>${escapeHtml(m.subject)}</h2><p>To <strong>${escapeHtml(m.to.join(', '))}</strong> ·
      ${escapeHtml(m.receivedAt.toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland' }))}</p></header>
      <iframe title="${escapeHtml(m.subject)}" sandbox srcdoc="${escapeHtml(m.html || `<pre>${escapeHtml(m.text)}</pre>`)}"></iframe></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><title>Mailbox (development)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;margin:1rem 0;padding:1rem}h2{margin:0;font-size:1.1rem}
iframe{width:100%;height:320px;border:1px solid #eee;border-radius:4px}</style></head>
<body><main><h1>Mailbox</h1><p>Mail sent by the app in development. Newest first; reload for new mail.</p>
${rows || '<p>No mail yet.</p>'}</main></body></html>`;
}

export const devMailboxRoutes =
  (capture: MailCapture): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mailboxPage(capture)),
    );
    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Mail captured by the development SMTP receiver',
          response: {
            200: z.object({
              data: z.array(
                z.object({
                  id: z.number(),
                  to: z.array(z.string()),
                  subject: z.string(),
                  text: z.string(),
                  received_at: z.string(),
                }),
              ),
            }),
          },
        },
      },
      async () => ({
        data: capture.messages.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          received_at: m.receivedAt.toISOString(),
        })),
      }),
    );
  };
