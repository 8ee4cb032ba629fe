// The hosted onboarding page an account link leads to. Finishing it enables charges and sends
// `account.updated`; either way the person goes back to the platform's return_url (an expired or
// used link goes to refresh_url instead, as Stripe does).
import type { FastifyInstance } from 'fastify';
import { type FormObject, str } from '../shared/form-body';
import { escapeHtml, renderPage } from '../shared/html';
import { completeOnboarding } from './connect-routes';
import type { StripeContext } from './context';

type LinkParams = { Params: { token: string } };

export function registerOnboardingPage(app: FastifyInstance, ctx: StripeContext): void {
  const usableLink = (token: string) => {
    const link = ctx.state.accountLinks.get(token);
    if (!link) return undefined;
    return { link, usable: !link.used && link.expiresAt >= ctx.runtime.clock.nowMs() };
  };

  app.get<LinkParams>('/connect/onboarding/:token', async (request, reply) => {
    const found = usableLink(request.params.token);
    if (!found)
      return reply
        .status(404)
        .type('text/html')
        .send(renderPage('Link not found', '<h1>This link is not valid</h1>'));
    if (!found.usable) return reply.redirect(found.link.refreshUrl);
    const account = ctx.state.accounts.get(found.link.account)!;
    const body = `<h1>Set up card payments</h1>
<p>Connect <strong>${escapeHtml(account.email ?? account.id)}</strong> to the gym platform to take card payments.</p>
<form method="post" action="/connect/onboarding/${escapeHtml(request.params.token)}">
<label for="business_name">Business name</label>
<input id="business_name" name="business_name" type="text" required autocomplete="organization" value="${escapeHtml(account.business_profile.name ?? '')}">
<label for="bank_account">Bank account for payouts</label>
<input id="bank_account" name="bank_account" type="text" inputmode="numeric" aria-describedby="bank-hint" value="12-3140-0123456-00">
<p id="bank-hint" class="hint">Any NZ-format number; nothing is paid out in the sandbox.</p>
<div class="actions"><button type="submit" name="action" value="complete">Agree and finish</button>
<button type="submit" name="action" value="exit" class="secondary" formnovalidate>Return to the platform without finishing</button></div>
</form>`;
    return reply.type('text/html').send(renderPage('Stripe sandbox: account onboarding', body));
  });

  app.post<LinkParams>('/connect/onboarding/:token', async (request, reply) => {
    const found = usableLink(request.params.token);
    if (!found)
      return reply
        .status(404)
        .type('text/html')
        .send(renderPage('Link not found', '<h1>This link is not valid</h1>'));
    if (!found.usable) return reply.redirect(found.link.refreshUrl);
    const form = (request.body ?? {}) as FormObject;
    found.link.used = true;
    if (str(form.action) === 'complete') completeOnboarding(ctx, found.link.account, str(form.business_name));
    return reply.redirect(found.link.returnUrl, 303);
  });
}
