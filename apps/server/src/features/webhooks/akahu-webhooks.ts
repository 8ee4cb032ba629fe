// Akahu webhooks: PAYMENT UPDATE moves the payment it names; TOKEN DELETE ends the member's connection;
// ACCOUNT MIGRATE and DELETE follow or stop the bank account the member pays from.
// Akahu events carry no event id, so a delivery is known again by its type, item and body digest.
import { createHash, timingSafeEqual } from 'node:crypto';
import { type AkahuPaymentReport, akahuPaymentOutcome } from '@gym/domain/provider-status';
import type { WebhookPayload } from 'akahu';
import { ProviderError } from '../../adapters/provider-error';
import type { AppDeps } from '../../app-deps';
import {
  applyPaymentOutcome,
  fetchAkahuPaymentReport,
  logProviderActivity,
  ownerOfAkahuPayment,
  type PaymentOwner,
} from '../billing';
import { planAccountDelete, planAccountMigrate } from './akahu-account-changes';
import {
  deactivateBankAccounts,
  liveAkahuConnections,
  organisationExists,
  revokeAkahuConnection,
} from './akahu-connections.repository';
import { type AkahuWebhookOwner, parseAkahuWebhookState } from './akahu-state';
import {
  type EventPlan,
  NO_MATCHING_RECORD,
  NOT_ACTED_ON,
  type WebhookHandler,
  WebhookRejected,
} from './webhook-handler';

type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const eventTypeOf = (p: Fields) => `${String(p.webhook_type)}:${String(p.webhook_code)}`;

export function akahuWebhookHandler(deps: AppDeps): WebhookHandler {
  // One client for the app's life: the SDK remembers the newest signing key it has seen and refuses a
  // delivery signed with an older, superseded one (an old delivery replayed).
  const verifier = deps.providers.akahu();
  return {
    provider: 'akahu',
    rejectStatus: 401,
    async verify({ headers, rawBody }) {
      const payload = (await verifier.verifyWebhook(headers, rawBody)) as unknown as Fields;
      if (!payload || !text(payload.webhook_type) || !text(payload.webhook_code)) {
        throw new WebhookRejected('malformed', 'Not an Akahu webhook payload');
      }
      const digest = createHash('sha256').update(rawBody).digest('hex').slice(0, 32);
      const externalId = `${eventTypeOf(payload)}:${text(payload.item_id) ?? '-'}:${digest}`;
      return { eventType: eventTypeOf(payload), externalId, payload };
    },
    describe: (payload) => {
      const p = (payload ?? {}) as Fields;
      return { eventType: text(p.webhook_type) ? eventTypeOf(p) : null, externalId: null };
    },
    async plan(event) {
      const payload = event.payload as WebhookPayload & Fields;
      const owner = parseAkahuWebhookState(payload.state);
      const ownerOrganisationOf = async () =>
        owner && (await organisationExists(deps.db, owner.organisationId)) ? owner.organisationId : null;
      // A payment's update names its payment, which names its organisation: the state's is read only when
      // we hold no such payment.
      if (event.eventType === 'PAYMENT:UPDATE') return planPaymentUpdate(deps, payload, ownerOrganisationOf);
      const ownerOrganisation = await ownerOrganisationOf();
      if (event.eventType === 'TOKEN:DELETE' && owner && ownerOrganisation) {
        return planTokenDelete(deps, text(payload.item_id) ?? '', owner);
      }
      const now = () => deps.clock.now();
      const previousId = text(payload.previous_item_id);
      const newId = text(payload.new_item_id);
      if (event.eventType === 'ACCOUNT:MIGRATE' && owner && ownerOrganisation && previousId && newId) {
        return planAccountMigrate(owner, previousId, newId, now);
      }
      const itemId = text(payload.item_id);
      if (event.eventType === 'ACCOUNT:DELETE' && owner && ownerOrganisation && itemId) {
        return planAccountDelete(owner, itemId, now);
      }
      return {
        organisationId: ownerOrganisation,
        note: ['TOKEN:DELETE', 'ACCOUNT:MIGRATE', 'ACCOUNT:DELETE'].includes(event.eventType)
          ? NO_MATCHING_RECORD
          : NOT_ACTED_ON,
      };
    },
  };
}

async function planPaymentUpdate(
  deps: AppDeps,
  payload: Fields,
  ownerOrganisation: () => Promise<number | null>,
): Promise<EventPlan> {
  const akahuId = text(payload.item_id);
  const payment = akahuId ? await ownerOfAkahuPayment(deps.db, akahuId) : null;
  if (!akahuId || !payment) return { organisationId: await ownerOrganisation(), note: NO_MATCHING_RECORD };
  const organisationId = payment.organisationId;
  const report = await reportOf(deps, payload, { ...payment, akahuId });
  if (typeof report === 'string') return { organisationId, note: report };
  const outcome = akahuPaymentOutcome(report);
  return {
    organisationId,
    note: null,
    member: `member ${organisationId}:${payment.userId}`,
    apply: (tx, context) =>
      applyPaymentOutcome(tx, organisationId, { akahuId }, outcome, {
        source: 'akahu_webhook',
        ...context,
        now: deps.clock.now(),
      }),
  };
}

/** The payment's state: as the webhook says, or (when it carries only ids) asked of Akahu, as the poller does. */
async function reportOf(
  deps: AppDeps,
  payload: Fields,
  payment: PaymentOwner & { akahuId: string },
): Promise<AkahuPaymentReport | string> {
  if (text(payload.status)) {
    return {
      status: String(payload.status),
      statusCode: text(payload.status_code),
      statusText: text(payload.status_text),
    };
  }
  try {
    return (
      (await fetchAkahuPaymentReport(deps, payment)) ?? 'no live Akahu connection to ask about this payment'
    );
  } catch (error) {
    // While Akahu is unavailable the call fails and Akahu retries; other refusals will not pass on a retry.
    if (error instanceof ProviderError && error.kind !== 'unavailable') {
      return `Akahu would not say where this payment is: ${error.message}`;
    }
    throw error;
  }
}

function sameToken(deps: AppDeps, sealed: string, token: string): boolean {
  try {
    const a = Buffer.from(deps.secrets.open(sealed));
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  } catch {
    return false;
  }
}

async function planTokenDelete(deps: AppDeps, token: string, owner: AkahuWebhookOwner): Promise<EventPlan> {
  const { organisationId, userId } = owner;
  const connections = await liveAkahuConnections(deps.db, organisationId, userId);
  const connection = connections.find((c) => sameToken(deps, c.sealedToken, token));
  if (!connection) return { organisationId, note: NO_MATCHING_RECORD };
  return {
    organisationId,
    note: null,
    async apply(tx, context) {
      if (!(await revokeAkahuConnection(tx, organisationId, connection.id, deps.clock.now()))) {
        return 'connection already revoked';
      }
      const deactivated = await deactivateBankAccounts(tx, organisationId, userId);
      await logProviderActivity(tx, organisationId, {
        userId,
        subjectType: 'akahu_connection',
        subjectId: connection.id,
        action: 'akahu_connection.revoked',
        data: {
          source: 'akahu_webhook',
          bank_accounts_deactivated: deactivated,
          webhook_call_id: context.webhookCallId,
        },
        requestId: context.requestId,
      });
      return null;
    },
  };
}
