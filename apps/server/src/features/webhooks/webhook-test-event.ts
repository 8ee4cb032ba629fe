// POST /api/webhooks/{provider}/test-event (organisation admins, sandbox only): the provider's simulator
// sends a test event about this organisation to its webhook target, signed as its real events are, and
// the answer says how the delivery went and shows the endpoint after it (the test event is its last
// delivery when the simulator sends here). The event names what tells the webhook handler whose it is:
// Akahu the subscription `state` of this organisation (with the admin asking), Stripe the connected
// account of one of its gyms, Kisi one of its places. Live providers have no such button: 404.
import type { WebhookProvider, WebhookTestEvent } from '@gym/domain/api/webhook-calls';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { gyms, places } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../http/app-error';
import { akahuWebhookState } from './akahu-state';
import { simulatorUrl, webhookEndpoints } from './webhook-endpoints';

export const NO_STRIPE_ACCOUNT =
  'No gym of this organisation has a connected Stripe account yet, so a Stripe event could not name it. Connect one on a gym’s page first.';
export const NO_KISI_PLACE =
  'No gym of this organisation has a Kisi place yet, so a Kisi event could not name it. Connect Kisi on a gym’s page first.';

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock'>;

/** What the test event carries to say whose it is, as the simulator's control takes it. */
async function eventOwner(deps: Deps, auth: AuthContext, provider: WebhookProvider) {
  const organisationId = auth.organisationId;
  if (provider === 'akahu') return { state: akahuWebhookState({ organisationId, userId: auth.user.id }) };
  if (provider === 'stripe') {
    const [gym] = await deps.db
      .select({ stripeId: gyms.stripeId })
      .from(gyms)
      .where(and(eq(gyms.organisationId, organisationId), isNotNull(gyms.stripeId)))
      .orderBy(asc(gyms.id))
      .limit(1);
    if (!gym?.stripeId) throw conflict(NO_STRIPE_ACCOUNT);
    return { account: gym.stripeId };
  }
  const [place] = await deps.db
    .select({ placeId: places.placeId })
    .from(places)
    .where(eq(places.organisationId, organisationId))
    .orderBy(asc(places.id))
    .limit(1);
  const kisiPlace = Number(place?.placeId);
  if (!place || !Number.isSafeInteger(kisiPlace) || kisiPlace < 1) throw conflict(NO_KISI_PLACE);
  return { place_id: kisiPlace };
}

interface SimulatorDelivery {
  event_type: string;
  status: string;
  status_code: number | null;
}

export async function sendTestEvent(
  deps: Deps,
  auth: AuthContext,
  provider: WebhookProvider,
): Promise<WebhookTestEvent> {
  const base = simulatorUrl(deps, provider);
  if (deps.env.PROVIDERS !== 'sandbox' || !base) throw notFound();
  const owner = await eventOwner(deps, auth, provider);
  let delivery: SimulatorDelivery;
  try {
    const response = await fetch(new URL('/__sandbox/webhooks/test-event', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(owner),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    delivery = (await response.json()) as SimulatorDelivery;
  } catch (error) {
    throw new AppError('provider_unavailable', {
      message: `The ${provider} simulator did not send the test event: ${(error as Error).message}`,
    });
  }
  const endpoints = await webhookEndpoints(deps, auth.organisationId);
  const endpoint = endpoints.find((e) => e.provider === provider)!;
  return {
    provider,
    event_type: delivery.event_type,
    delivery_status: delivery.status,
    status_code: delivery.status_code ?? null,
    endpoint,
  };
}
