// What the product holds at the providers: each gym's connected Stripe account, each organisation's Kisi
// API key, the Kisi places and doors linked to gyms, and each member's bank consent (Akahu user token and
// accounts) and saved card (Stripe customer and PaymentMethod). In sandbox mode the start script hands these to
// the simulators, which keep nothing between starts, so the demo's (and anyone's) connections keep
// working after a restart instead of contradicting what the gym page says.
import { payeeName } from '@gym/domain/bank-statement';
import { and, isNotNull, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client';
import * as s from '../db/schema/index';
import type { SecretBox } from '../db/secrets';
import { PAYMENT_KEY_METADATA } from '../features/billing';
import { akahuWebhookState } from '../features/webhooks/akahu-state';

export interface ProviderRecords {
  stripeAccounts: { id: string; name: string }[];
  kisi: {
    apiKeys: string[];
    /** Each place with the key of the organisation it belongs to (only that key lists it). */
    places: { id: number; name: string; apiKey?: string; locks: { id: number; name: string }[] }[];
    /** Organisations' own event-webhook signing keys, by their API key (their events are signed with it). */
    webhookSecrets?: { apiKey: string; secret: string }[];
  };
  /** The gyms' own Akahu apps (token and secret), so their consents can be exchanged after a restart. */
  akahuApps?: { appToken: string; appSecret: string }[];
  /** Each member's current bank consent; `appToken` is the gym's own Akahu app, when it has one. */
  akahuConnections: {
    appToken: string | null;
    token: string;
    email: string;
    accounts: { id: string; name: string; formattedAccount: string; holder: string }[];
    /** The state its webhooks were subscribed with (whose connection it is). */
    webhookState: string;
    /**
     * Bank payments made from these accounts that have no final answer yet, and those of the last
     * RECENT_DAYS with their answer (the nightly reconciliation asks the bank about them).
     */
    pendingPayments: {
      id: string;
      sid: string;
      from: string;
      amount: number;
      to: { name: string; account_number: string };
      createdAt: string;
      final?: { status: 'SENT' | 'DECLINED'; code?: string; text?: string; at: string };
    }[];
  }[];
  /** Each member's saved card, on the connected account of the gym it was saved at. */
  stripeCards: {
    account: string | null;
    customer: string;
    paymentMethod: string;
    email: string;
    name: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  }[];
  /** Card payments of the last RECENT_DAYS, with their answer (for the nightly reconciliation). */
  stripePaymentIntents: {
    id: string;
    account: string;
    customer: string;
    paymentMethod: string;
    amount: number;
    succeeded: boolean;
    metadata: Record<string, string>;
    created: number;
  }[];
}

/** How far back the simulators learn answered payments: the reconciliation looks at the day before. */
const RECENT_DAYS = 3;

/** A fixed seven queries, whatever the number of gyms and members. */
export async function loadProviderRecords(db: Executor, secrets: SecretBox): Promise<ProviderRecords> {
  const gyms = await db
    .select({ stripeId: s.gyms.stripeId, name: s.gyms.name })
    .from(s.gyms)
    .where(isNotNull(s.gyms.stripeId));
  const integrations = await db
    .select({
      id: s.accessControlIntegrations.id,
      apiKey: s.accessControlIntegrations.apiKey,
      webhookSecret: s.accessControlIntegrations.sealedWebhookSecret,
    })
    .from(s.accessControlIntegrations);
  const places = await db
    .select({
      id: s.places.id,
      placeId: s.places.placeId,
      name: s.places.name,
      integrationId: s.places.integrationId,
    })
    .from(s.places);
  const doors = await db
    .select({ placeId: s.doors.placeId, doorId: s.doors.doorId, name: s.doors.name })
    .from(s.doors);
  const numeric = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null);
  const keys = new Map(
    integrations.flatMap((row) => {
      try {
        return [[row.id, secrets.open(row.apiKey)] as const];
      } catch {
        return []; // sealed with another key: nothing to remember
      }
    }),
  );
  const { akahuConnections, stripeCards } = await memberPaymentRecords(db, secrets);
  const apps = await db
    .select({ appToken: s.gyms.akahuAppToken, sealed: s.gyms.akahuAppSecret })
    .from(s.gyms)
    .where(and(isNotNull(s.gyms.akahuAppToken), isNotNull(s.gyms.akahuAppSecret)));
  const akahuApps = apps.flatMap((app) => {
    try {
      return [{ appToken: app.appToken!, appSecret: secrets.open(app.sealed!) }];
    } catch {
      return []; // sealed with another key: nothing to remember
    }
  });
  return {
    akahuApps,
    akahuConnections,
    stripeCards,
    stripePaymentIntents: await recentPaymentIntents(db),
    stripeAccounts: gyms.flatMap((gym) => (gym.stripeId ? [{ id: gym.stripeId, name: gym.name }] : [])),
    kisi: {
      apiKeys: [...keys.values()],
      webhookSecrets: integrations.flatMap((row) => {
        const apiKey = keys.get(row.id);
        if (!apiKey || row.webhookSecret === null) return [];
        try {
          return [{ apiKey, secret: secrets.open(row.webhookSecret) }];
        } catch {
          return []; // sealed with another key: nothing to remember
        }
      }),
      places: places.flatMap((place) => {
        const id = numeric(place.placeId);
        if (id === null) return [];
        const locks = doors.flatMap((door) => {
          const lockId = door.placeId === place.id ? numeric(door.doorId) : null;
          return lockId === null ? [] : [{ id: lockId, name: door.name }];
        });
        const apiKey = place.integrationId === null ? undefined : keys.get(place.integrationId);
        return [{ id, name: place.name, ...(apiKey ? { apiKey } : {}), locks }];
      }),
    },
  };
}

async function memberPaymentRecords(db: Executor, secrets: SecretBox) {
  const banks = await queryRows<{
    organisation_id: number;
    user_id: number;
    sealed: string;
    email: string;
    app_token: string | null;
    akahu_account_id: string;
    account_number: string;
    name: string;
    holder: string | null;
  }>(
    db,
    sql`select ac.organisation_id::int, ac.user_id::int, ac.access_token as sealed, u.email, g.akahu_app_token as app_token, ba.akahu_account_id,
          ba.account_number, ba.name, ba.meta->>'holder' as holder
        from akahu_connections ac
        join users u on u.id = ac.user_id
        join payment_types pt on pt.organisation_id = ac.organisation_id and pt.user_id = ac.user_id
          and pt.type = 'bank_account' and pt.deleted_at is null
        join bank_accounts ba on ba.payment_type_id = pt.id
        left join lateral (select s.gym_id from subscriptions s
          where s.organisation_id = ac.organisation_id and s.user_id = ac.user_id
          order by s.id desc limit 1) latest on true
        left join gyms g on g.id = latest.gym_id
        where ac.revoked_at is null
        order by ac.id`,
  );
  const connections = new Map<string, ProviderRecords['akahuConnections'][number]>();
  for (const row of banks) {
    let token: string;
    try {
      token = secrets.open(row.sealed);
    } catch {
      continue; // sealed with another key: nothing to remember
    }
    const connection = connections.get(token) ?? {
      appToken: row.app_token,
      token,
      email: row.email,
      webhookState: akahuWebhookState({ organisationId: row.organisation_id, userId: row.user_id }),
      accounts: [],
      pendingPayments: [],
    };
    connection.accounts.push({
      id: row.akahu_account_id,
      name: row.name,
      formattedAccount: row.account_number,
      holder: row.holder ?? '',
    });
    connections.set(token, connection);
  }
  const owners = new Map([...connections.values()].flatMap((c) => c.accounts.map((a) => [a.id, c] as const)));
  const pending = await queryRows<{
    akahu_id: string;
    akahu_sid: string | null;
    from: string;
    total: number;
    payee: string;
    account_number: string | null;
    created_at: Date | string;
    updated_at: Date | string;
    status: string;
    error_status: string | null;
    error_description: string | null;
  }>(
    db,
    sql`select p.akahu_id, p.akahu_sid, ba.akahu_account_id as from, (p.amount + p.surcharge)::int as total,
          coalesce(da.name, g.name) as payee, da.bank_account_number as account_number, p.created_at,
          p.updated_at, p.status, p.error_status, p.error_description
        from payments p
        join bank_accounts ba on ba.payment_type_id = p.payment_type_id
        join gyms g on g.id = p.gym_id
        left join destination_accounts da on da.gym_id = p.gym_id
        where p.akahu_id is not null
          and (p.status = 'pending_request'
            or (p.status in ('sent', 'failed')
              and p.created_at >= (select max(created_at) from payments) - ${RECENT_DAYS} * interval '1 day'))
        order by p.id`,
  );
  for (const row of pending) {
    owners.get(row.from)?.pendingPayments.push({
      id: row.akahu_id,
      sid: row.akahu_sid ?? row.akahu_id,
      from: row.from,
      amount: Number(row.total) / 100,
      to: { name: payeeName(row.payee), account_number: row.account_number ?? '' },
      createdAt: new Date(row.created_at).toISOString(),
      ...(row.status === 'pending_request'
        ? {}
        : {
            final: {
              status: row.status === 'sent' ? ('SENT' as const) : ('DECLINED' as const),
              ...(row.error_status ? { code: row.error_status } : {}),
              ...(row.error_description ? { text: row.error_description } : {}),
              at: new Date(row.updated_at).toISOString(),
            },
          }),
    });
  }
  const cards = await queryRows<{
    account: string | null;
    customer: string;
    payment_method: string;
    email: string;
    name: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
  }>(
    db,
    sql`select g.stripe_id as account, c.stripe_customer_id as customer,
          c.stripe_payment_method_id as payment_method, u.email, u.name, c.brand, c.last_four as last4,
          c.exp_month::int, c.exp_year::int
        from cards c
        join payment_types pt on pt.id = c.payment_type_id and pt.deleted_at is null
        join users u on u.id = pt.user_id
        left join gyms g on g.id = pt.gym_id
        order by c.payment_type_id`,
  );
  return {
    akahuConnections: [...connections.values()],
    stripeCards: cards.map((c) => ({
      account: c.account,
      customer: c.customer,
      paymentMethod: c.payment_method,
      email: c.email,
      name: c.name,
      brand: c.brand,
      last4: c.last4,
      expMonth: Number(c.exp_month),
      expYear: Number(c.exp_year),
    })),
  };
}

/** Card payments of the last RECENT_DAYS as Stripe holds them (amount with surcharge, our key in metadata). */
async function recentPaymentIntents(db: Executor): Promise<ProviderRecords['stripePaymentIntents']> {
  const rows = await queryRows<{
    id: number;
    stripe_id: string;
    account: string;
    customer: string;
    payment_method: string;
    total: number;
    status: string;
    idempotency_key: string;
    created_at: Date | string;
  }>(
    db,
    sql`select p.id::int, p.stripe_id, g.stripe_id as account, c.stripe_customer_id as customer,
          c.stripe_payment_method_id as payment_method, (p.amount + p.surcharge)::int as total, p.status,
          p.idempotency_key, p.created_at
        from payments p
        join gyms g on g.id = p.gym_id and g.stripe_id is not null
        join cards c on c.payment_type_id = p.payment_type_id
        where p.stripe_id like 'pi_%' and p.status in ('sent', 'failed', 'refunded')
          and p.created_at >= (select max(created_at) from payments) - ${RECENT_DAYS} * interval '1 day'
        order by p.id`,
  );
  return rows.map((r) => ({
    id: r.stripe_id,
    account: r.account,
    customer: r.customer,
    paymentMethod: r.payment_method,
    amount: Number(r.total),
    succeeded: r.status !== 'failed',
    metadata: { [PAYMENT_KEY_METADATA]: r.idempotency_key, payment_id: String(r.id) },
    created: Math.floor(new Date(r.created_at).getTime() / 1000),
  }));
}
