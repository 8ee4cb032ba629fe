// The authorisation page `auth.buildAuthorizationUrl` sends a person to (the SDK's default path is the
// host's root, so it is served at `/` and `/oauth`): choose a demo bank, choose accounts, approve or decline.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type FormObject, list, str } from '../shared/form-body';
import { escapeHtml, hiddenInputs, renderPage, withQuery } from '../shared/html';
import { resolveApp } from './auth';
import { approveConsent } from './consent';
import type { AkahuContext } from './context';
import { DEMO_BANKS, type DemoBank, findBank } from './demo-banks';

interface AuthRequest {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scope: string;
  state?: string;
  email?: string;
  bank?: string;
}

function readRequest(source: FormObject): AuthRequest {
  return {
    client_id: str(source.client_id) ?? '',
    redirect_uri: str(source.redirect_uri) ?? '',
    response_type: str(source.response_type) ?? 'code',
    scope: str(source.scope) ?? 'ENDURING_CONSENT',
    state: str(source.state),
    email: str(source.email),
    bank: str(source.bank) ?? str(source.connection),
  };
}

const isHttpUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .status(400)
    .type('text/html')
    .send(
      renderPage(
        'Akahu sandbox: request problem',
        `<h1>This connection request cannot be used</h1><p role="alert" class="error">${escapeHtml(message)}</p>`,
      ),
    );
}

function oauthParams(req: AuthRequest) {
  return {
    client_id: req.client_id,
    redirect_uri: req.redirect_uri,
    response_type: req.response_type,
    scope: req.scope,
    state: req.state,
  };
}

function declineForm(req: AuthRequest): string {
  return `<form method="post" action="/oauth/decision">${hiddenInputs(oauthParams(req))}
<button type="submit" name="decision" value="decline" class="secondary">Decline</button></form>`;
}

function bankStep(req: AuthRequest): string {
  const banks = DEMO_BANKS.map(
    (b, i) =>
      `<label><input type="radio" name="bank" value="${b.key}"${i === 0 ? ' checked' : ''} required> ${escapeHtml(b.name)}</label>`,
  ).join('');
  return `<h1>Connect a bank account to ${escapeHtml(req.client_id)}</h1>
<p>This app is asking for ongoing permission (${escapeHtml(req.scope)}) to see the accounts you choose and make payments from them.</p>
<form method="get" action="/oauth">${hiddenInputs(oauthParams(req))}
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(req.email ?? '')}">
<fieldset><legend>Choose your bank</legend>${banks}</fieldset>
<div class="actions"><button type="submit">Continue</button></div></form>${declineForm(req)}`;
}

function accountStep(req: AuthRequest, bank: DemoBank, error?: string): string {
  const accounts = bank.accounts
    .map(
      (a) =>
        `<label><input type="checkbox" name="accounts[]" value="${a.key}"${a.canPay && a.key === 'everyday' ? ' checked' : ''}> ${escapeHtml(a.name)} <span class="hint">(${escapeHtml(a.hint)})</span></label>`,
    )
    .join('');
  const alert = error ? `<p role="alert" class="error" id="accounts-error">${escapeHtml(error)}</p>` : '';
  return `<h1>Choose accounts to share with ${escapeHtml(req.client_id)}</h1>${alert}
<form method="post" action="/oauth/decision">${hiddenInputs({ ...oauthParams(req), email: req.email, bank: bank.key })}
<fieldset${error ? ' aria-describedby="accounts-error"' : ''}><legend>${escapeHtml(bank.name)} accounts</legend>${accounts}</fieldset>
<div class="actions"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline" class="secondary">Decline</button></div></form>`;
}

export function registerOAuthPage(app: FastifyInstance, ctx: AkahuContext): void {
  const show = async (request: { query: unknown }, reply: FastifyReply) => {
    const req = readRequest(request.query as FormObject);
    if (!resolveApp(ctx, req.client_id)) return errorPage(reply, `Unknown client_id "${req.client_id}".`);
    if (!isHttpUrl(req.redirect_uri))
      return errorPage(reply, 'redirect_uri must be an absolute http(s) URL.');
    if (req.response_type !== 'code') {
      return reply.redirect(
        withQuery(req.redirect_uri, { error: 'unsupported_response_type', state: req.state }),
      );
    }
    const bank = findBank(req.bank);
    const body = bank && req.email ? accountStep(req, bank) : bankStep(req);
    return reply.type('text/html').send(renderPage('Akahu sandbox: connect your bank', body));
  };
  app.get('/', show);
  app.get('/oauth', show);

  app.post('/oauth/decision', async (request, reply) => {
    const form = (typeof request.body === 'object' && request.body ? request.body : {}) as FormObject;
    const req = readRequest(form);
    if (!resolveApp(ctx, req.client_id)) return errorPage(reply, `Unknown client_id "${req.client_id}".`);
    if (!isHttpUrl(req.redirect_uri))
      return errorPage(reply, 'redirect_uri must be an absolute http(s) URL.');
    if (str(form.decision) !== 'approve') {
      return reply.redirect(
        withQuery(req.redirect_uri, {
          error: 'access_denied',
          error_description: 'The user declined the request.',
          state: req.state,
        }),
      );
    }
    const bank = findBank(req.bank);
    if (!bank || !req.email) return errorPage(reply, 'Choose a bank and enter an email address first.');
    const accountKeys = list(form.accounts).filter((v): v is string => typeof v === 'string');
    if (accountKeys.length === 0) {
      return reply
        .status(400)
        .type('text/html')
        .send(
          renderPage(
            'Akahu sandbox: choose accounts',
            accountStep(req, bank, 'Choose at least one account.'),
          ),
        );
    }
    const code = approveConsent(ctx, {
      appToken: req.client_id,
      redirectUri: req.redirect_uri,
      scope: req.scope,
      email: req.email,
      bank,
      accountKeys,
    });
    return reply.redirect(withQuery(req.redirect_uri, { code, state: req.state }));
  });
}
