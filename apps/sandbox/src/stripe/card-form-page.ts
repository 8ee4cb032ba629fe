// Stands in for Stripe.js in sandbox mode: a hosted card form for a SetupIntent. GET
// /card-form?client_secret=…&return_url=… shows it; submitting confirms the SetupIntent and sends the
// person back with `setup_intent`, `setup_intent_client_secret` and `redirect_status`, as
// `stripe.confirmSetup` does. Declines show inline (as Elements does); 3-D Secure cards go to a
// challenge page first.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type FormObject, str } from '../shared/form-body';
import { escapeHtml, hiddenInputs, renderPage, withQuery } from '../shared/html';
import type { StripeContext } from './context';
import { StripeApiError } from './errors';
import { businessName } from './lookups';
import { createPaymentMethod, validateCard } from './payment-methods';
import { confirmSetup } from './setup-engine';
import type { Scoped } from './state';
import type { SetupIntent } from './types';

const FIELD_OF: Record<string, string> = {
  'card[number]': 'number',
  'card[exp_month]': 'expiry',
  'card[exp_year]': 'expiry',
  'card[cvc]': 'cvc',
};

interface FormState {
  clientSecret: string;
  returnUrl: string;
  /** Where "Back" leads (Checkout's cancel_url), when the form was opened from a Checkout Session. */
  cancelUrl?: string;
  values: Record<string, string>;
  error?: { field?: string; message: string };
}

function field(id: string, label: string, state: FormState, attrs: string): string {
  const invalid = state.error?.field === id;
  return `<div><label for="${id}">${label}</label><input id="${id}" name="${id}" type="text" ${attrs}
value="${escapeHtml(state.values[id] ?? '')}"${invalid ? ' aria-invalid="true" aria-describedby="card-error"' : ''}></div>`;
}

function cardForm(ctx: StripeContext, scoped: Scoped<SetupIntent>, state: FormState): string {
  const alert = state.error
    ? `<p id="card-error" role="alert" class="error">${escapeHtml(state.error.message)}</p>`
    : '';
  return `<h1>Save a card for ${escapeHtml(businessName(ctx, scoped.account))}</h1>
<p>Your card is saved for future membership payments. You are not charged now.</p>${alert}
<form method="post" action="/card-form" novalidate>${hiddenInputs({ client_secret: state.clientSecret, return_url: state.returnUrl, cancel_url: state.cancelUrl })}
${field('name', 'Name on card', state, 'autocomplete="cc-name"')}
${field('number', 'Card number', state, 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row">${field('expiry', 'Expiry date (MM / YY)', state, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required')}
${field('cvc', 'Security code (CVC)', state, 'inputmode="numeric" autocomplete="cc-csc" required')}</div>
<div class="actions"><button type="submit">Save card</button>${
    state.cancelUrl ? `<a class="secondary" href="${escapeHtml(state.cancelUrl)}">Back</a>` : ''
  }</div></form>
<details><summary>Test cards</summary><table><tr><th>Number</th><th>Result</th></tr>
<tr><td>4242 4242 4242 4242</td><td>Saved; charges succeed</td></tr>
<tr><td>4000 0025 0000 3155</td><td>Asks for authentication once; later off-session charges succeed</td></tr>
<tr><td>4000 0027 6000 3184</td><td>Asks for authentication; every off-session charge needs it again</td></tr>
<tr><td>4000 0000 0000 3220</td><td>Asks for authentication when saved; later charges succeed</td></tr>
<tr><td>4000 0082 6000 3178</td><td>Asks for authentication; charges then fail for insufficient funds</td></tr>
<tr><td>4000 0000 0000 0341</td><td>Saved; charges are declined</td></tr>
<tr><td>4000 0000 0000 0101</td><td>Refused: the security code check fails</td></tr>
<tr><td>4000 0000 0000 0002</td><td>Declined</td></tr><tr><td>4000 0000 0000 9995</td><td>Insufficient funds</td></tr>
</table></details>`;
}

function findByClientSecret(ctx: StripeContext, clientSecret: string): Scoped<SetupIntent> | undefined {
  const id = clientSecret.split('_secret_')[0] ?? '';
  const scoped = ctx.state.setupIntents.get(id);
  return scoped && scoped.value.client_secret === clientSecret ? scoped : undefined;
}

const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value);
const httpOrUndefined = (value: string | undefined) => (value && isHttpUrl(value) ? value : undefined);

export function redirectAfterSetup(reply: FastifyReply, seti: SetupIntent, returnUrl: string) {
  return reply.redirect(
    withQuery(returnUrl, {
      setup_intent: seti.id,
      setup_intent_client_secret: seti.client_secret,
      redirect_status: seti.status === 'succeeded' ? 'succeeded' : 'failed',
    }),
    303,
  );
}

export function registerCardFormPage(app: FastifyInstance, ctx: StripeContext): void {
  const problem = (reply: FastifyReply, message: string) =>
    reply
      .status(400)
      .type('text/html')
      .send(
        renderPage(
          'Card form problem',
          `<h1>Cannot show the card form</h1><p role="alert" class="error">${escapeHtml(message)}</p>`,
        ),
      );
  const usable = (clientSecret: string, returnUrl: string) => {
    const scoped = findByClientSecret(ctx, clientSecret);
    if (!scoped) return 'Unknown or missing client_secret.';
    if (!isHttpUrl(returnUrl)) return 'return_url must be an absolute http(s) URL.';
    if (!['requires_payment_method', 'requires_confirmation'].includes(scoped.value.status)) {
      return `This SetupIntent has a status of ${scoped.value.status}.`;
    }
    return scoped;
  };

  app.get('/card-form', async (request, reply) => {
    const query = request.query as FormObject;
    const state: FormState = {
      clientSecret: str(query.client_secret) ?? '',
      returnUrl: str(query.return_url) ?? '',
      cancelUrl: httpOrUndefined(str(query.cancel_url)),
      values: {},
    };
    const scoped = usable(state.clientSecret, state.returnUrl);
    if (typeof scoped === 'string') return problem(reply, scoped);
    return reply
      .type('text/html')
      .send(renderPage('Stripe sandbox: save a card', cardForm(ctx, scoped, state)));
  });

  app.post('/card-form', async (request, reply) => {
    const form = (request.body ?? {}) as FormObject;
    const values = Object.fromEntries(
      ['name', 'number', 'expiry', 'cvc'].map((k) => [k, str(form[k]) ?? '']),
    );
    const state: FormState = {
      clientSecret: str(form.client_secret) ?? '',
      returnUrl: str(form.return_url) ?? '',
      cancelUrl: httpOrUndefined(str(form.cancel_url)),
      values,
    };
    const scoped = usable(state.clientSecret, state.returnUrl);
    if (typeof scoped === 'string') return problem(reply, scoped);
    const [month, year] = (values.expiry ?? '').split('/').map((p) => p.trim());
    try {
      const card = validateCard(ctx, {
        number: values.number,
        exp_month: month,
        exp_year: year,
        cvc: values.cvc,
      });
      const pm = createPaymentMethod(ctx, scoped.account, card, { name: values.name || '' });
      const result = confirmSetup(ctx, { account: scoped.account }, scoped, pm, state.returnUrl);
      if (result === 'requires_action') return reply.redirect(`/3ds/setup/${scoped.value.id}`, 303);
      if (result === 'succeeded') return redirectAfterSetup(reply, scoped.value, state.returnUrl);
      state.error = { message: scoped.value.last_setup_error?.message ?? 'Your card was declined.' };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const body = error.body as { error: { message: string; param?: string } };
      state.error = { field: FIELD_OF[body.error.param ?? ''], message: body.error.message };
    }
    return reply
      .status(400)
      .type('text/html')
      .send(renderPage('Stripe sandbox: save a card', cardForm(ctx, scoped, state)));
  });
}
