// GET /api/webhooks (organisation admins): each provider's webhook endpoint for the organisation, whether
// the provider sends there (in a sandbox the simulator is asked; live providers keep it in their own
// dashboards), the last call received for the organisation and the failures of the last 7 days; in a
// sandbox, whether its simulator can send a test event (webhook-test-event.ts).
import { WEBHOOK_PROVIDERS, type WebhookEndpoint, type WebhookProvider } from '@gym/domain/api/webhook-calls';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { queryRows } from '../../db/client';

const FAILURE_DAYS = 7;
const SHOWN_FAILURES = 5;

export function simulatorUrl(deps: Pick<AppDeps, 'env'>, provider: WebhookProvider): string | undefined {
  const { env } = deps;
  if (provider === 'akahu') return env.AKAHU_API_URL;
  if (provider === 'stripe') return env.STRIPE_API_URL;
  return env.KISI_API_URL;
}

/** Where the provider sends this provider's events, as far as can be known from here. */
async function registration(
  deps: Pick<AppDeps, 'env'>,
  provider: WebhookProvider,
  endpoint: string,
): Promise<{ registered: boolean | null; note: string | null }> {
  const base = simulatorUrl(deps, provider);
  if (deps.env.PROVIDERS !== 'sandbox' || !base)
    return {
      registered: null,
      note: 'Registered in the provider’s own dashboard; it cannot be checked from here.',
    };
  try {
    const response = await fetch(new URL('/__sandbox', base), { signal: AbortSignal.timeout(3_000) });
    const body = (await response.json()) as { webhook_target?: string | null };
    const target = body.webhook_target ?? null;
    if (target === endpoint) return { registered: true, note: null };
    return {
      registered: false,
      note: target ? `The simulator sends to ${target}.` : 'The simulator sends nowhere.',
    };
  } catch {
    return { registered: null, note: 'The provider simulator did not answer.' };
  }
}

export async function webhookEndpoints(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock'>,
  organisationId: number,
): Promise<WebhookEndpoint[]> {
  const since = new Date(deps.clock.now().getTime() - FAILURE_DAYS * 86_400_000).toISOString();
  const last = await queryRows<{
    provider: string;
    received_at: Date;
    status: string;
    event_type: string | null;
  }>(
    deps.db,
    sql`select distinct on (provider) provider, received_at, status, event_type from webhook_calls
        where organisation_id = ${organisationId} order by provider, received_at desc, id desc`,
  );
  const failures = await queryRows<{
    id: number;
    provider: string;
    received_at: Date;
    status: string;
    event_type: string | null;
    error: string | null;
    n: number;
  }>(
    deps.db,
    sql`select * from (
          select id::int, provider, received_at, status, event_type, error,
            (count(*) over (partition by provider))::int as n,
            row_number() over (partition by provider order by received_at desc, id desc) as rank
          from webhook_calls
          where organisation_id = ${organisationId} and status in ('rejected', 'failed') and received_at >= ${since}
        ) f where rank <= ${SHOWN_FAILURES} order by received_at desc, id desc`,
  );
  return Promise.all(
    WEBHOOK_PROVIDERS.map(async (provider) => {
      const endpoint = `${deps.env.APP_URL}/api/webhooks/${provider}`;
      const { registered, note } = await registration(deps, provider, endpoint);
      const latest = last.find((row) => row.provider === provider);
      const failed = failures.filter((row) => row.provider === provider);
      return {
        provider,
        endpoint_url: endpoint,
        registered,
        registration_note: note,
        last_delivery: latest
          ? {
              received_at: new Date(latest.received_at).toISOString(),
              status: latest.status,
              event_type: latest.event_type,
            }
          : null,
        recent_failures: failed.map((row) => ({
          id: row.id,
          received_at: new Date(row.received_at).toISOString(),
          status: row.status,
          event_type: row.event_type,
          error: row.error,
        })),
        failures_last_7_days: failed[0]?.n ?? 0,
        can_send_test_event: deps.env.PROVIDERS === 'sandbox' && simulatorUrl(deps, provider) !== undefined,
      };
    }),
  );
}
