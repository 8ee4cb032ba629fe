// The 3-D Secure test challenge: the person completes or fails authentication; then back to the
// return_url with `redirect_status`, as Stripe's hosted test page does.
import type { FastifyInstance } from 'fastify';
import { type FormObject, str } from '../shared/form-body';
import { escapeHtml, renderPage } from '../shared/html';
import { redirectAfterSetup } from './card-form-page';
import type { StripeContext } from './context';
import { finishSetupAuthentication } from './setup-engine';

type Params = { Params: { id: string } };

export function registerThreeDSecurePage(app: FastifyInstance, ctx: StripeContext): void {
  app.get<Params>('/3ds/setup/:id', async (request, reply) => {
    const scoped = ctx.state.setupIntents.get(request.params.id);
    if (scoped?.value.status !== 'requires_action') {
      return reply
        .status(404)
        .type('text/html')
        .send(renderPage('Not found', '<h1>Nothing to authenticate</h1>'));
    }
    const body = `<h1>Confirm it is you</h1>
<p>Your bank asks you to approve saving this card (${escapeHtml(scoped.value.id)}).</p>
<form method="post" action="/3ds/setup/${escapeHtml(scoped.value.id)}"><div class="actions">
<button type="submit" name="result" value="complete">Complete authentication</button>
<button type="submit" name="result" value="fail" class="secondary">Fail authentication</button></div></form>`;
    return reply.type('text/html').send(renderPage('Stripe sandbox: 3-D Secure', body));
  });

  app.post<Params>('/3ds/setup/:id', async (request, reply) => {
    const scoped = ctx.state.setupIntents.get(request.params.id);
    if (!scoped)
      return reply
        .status(404)
        .type('text/html')
        .send(renderPage('Not found', '<h1>Nothing to authenticate</h1>'));
    finishSetupAuthentication(ctx, scoped, str((request.body as FormObject)?.result) === 'complete');
    const returnUrl = ctx.state.setupReturnUrls.get(scoped.value.id);
    if (!returnUrl)
      return reply
        .type('text/html')
        .send(renderPage('Done', `<h1>Authentication ${escapeHtml(scoped.value.status)}</h1>`));
    return redirectAfterSetup(reply, scoped.value, returnUrl);
  });
}
