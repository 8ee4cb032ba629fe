// The demo page for staging a saved card's failure by the member's email (the card counterpart of the
// demo banks on the Akahu consent page): a member who joined with a good card can be given, from their
// next charge on, the decline a real card meets months later.
import type { FastifyInstance } from 'fastify';
import { type FormObject, str } from '../shared/form-body';
import { escapeHtml, renderPage } from '../shared/html';
import { CARD_FAILURES } from './cards';
import type { StripeControls } from './controls';

/** What the page offers, in words a demo audience reads; every code is one of CARD_FAILURES. */
const OUTCOMES: [code: string, label: string][] = [
  ['insufficient_funds', 'Insufficient funds (retried)'],
  ['expired_card', 'Card expired (member must change card)'],
  ['lost_card', 'Lost card (member must change card)'],
  ['stolen_card', 'Stolen card (member must change card)'],
  ['generic_decline', 'Declined, no reason given (retried)'],
  ['authentication_required', 'Needs 3-D Secure (member must change card)'],
  ['processing_error', 'Processing error (retried)'],
];

function page(controls: StripeControls, message?: { error?: string; done?: string }): string {
  const staged = controls.stagedCardFailures();
  const rows = staged
    .map(
      (s) => `<tr><td>${escapeHtml(s.email)}</td><td>${escapeHtml(s.failure)}</td>
<td>${s.remaining === null ? 'every charge' : `next ${s.remaining}`}</td>
<td><form method="post" action="/demo/card-failures"><input type="hidden" name="email" value="${escapeHtml(s.email)}">
<button type="submit" name="action" value="clear" class="secondary">Clear<span class="visually-hidden"> for ${escapeHtml(s.email)}</span></button></form></td></tr>`,
    )
    .join('');
  const options = OUTCOMES.map(
    ([code, label]) => `<option value="${code}">${escapeHtml(label)}</option>`,
  ).join('');
  return `<h1>Make a saved card fail</h1>
${message?.error ? `<p class="error" role="alert">${escapeHtml(message.error)}</p>` : ''}
${message?.done ? `<p role="status">${escapeHtml(message.done)}</p>` : ''}
<p class="hint">Every card saved by the member with this email (at any gym) declines its next charges, as a
real card does months after joining. The billing run, retries and the member's fix link then follow.</p>
<form method="post" action="/demo/card-failures">
<label for="email">Member's email</label>
<input id="email" name="email" type="email" required autocomplete="off">
<label for="code">What the card does</label>
<select id="code" name="code">${options}</select>
<label for="times">For how many charges</label>
<input id="times" name="times" type="text" inputmode="numeric" aria-describedby="times-hint">
<p id="times-hint" class="hint">Leave empty: every charge until cleared.</p>
<div class="actions"><button type="submit" name="action" value="stage">Stage the failure</button></div>
</form>
<h2>Staged</h2>
${staged.length ? `<table><thead><tr><th scope="col">Email</th><th scope="col">Outcome</th><th scope="col">For</th><th scope="col"><span class="visually-hidden">Clear</span></th></tr></thead><tbody>${rows}</tbody></table>` : '<p>Nothing staged.</p>'}`;
}

export function registerCardFailuresPage(app: FastifyInstance, controls: StripeControls): void {
  const send = (reply: import('fastify').FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html').send(renderPage('Stripe sandbox: card failures', body));

  app.get('/demo/card-failures', async (_request, reply) => send(reply, page(controls)));
  app.post('/demo/card-failures', async (request, reply) => {
    const form = (request.body ?? {}) as FormObject;
    const email = str(form.email)?.trim() ?? '';
    try {
      if (str(form.action) === 'clear') {
        controls.failCardChargesOf(email, null);
        return send(reply, page(controls, { done: `Cleared for ${email}.` }));
      }
      const code = str(form.code) ?? '';
      if (!CARD_FAILURES[code]) throw new Error('Choose what the card does.');
      const timesText = str(form.times)?.trim();
      const times = timesText ? Number(timesText) : undefined;
      controls.failCardChargesOf(email, code, times);
      return send(reply, page(controls, { done: `Staged ${code} for ${email}.` }));
    } catch (error) {
      return send(reply, page(controls, { error: (error as Error).message }), 422);
    }
  });
}
