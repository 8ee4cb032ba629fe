// The organisation's Kisi integration: saved only with a key Kisi accepts, sealed at rest, and the
// Kisi client every other access-control call goes through.

import type { IntegrationBody } from '@gym/domain/api/access-control-requests';
import type { KisiAdapter } from '../../adapters/kisi';
import { ProviderError } from '../../adapters/provider-error';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { conflict, validationError } from '../../http/app-error';
import { providerFailure } from '../../http/provider-failure';
import * as repo from './access-control.repository';

const NO_INTEGRATION =
  'Door access is not set up for this organisation yet: an organisation admin connects Kisi first.';
const UNREADABLE_KEY =
  'The Kisi API key stored for this organisation cannot be read. An organisation admin enters it again.';
const REFUSED_STORED_KEY =
  'Kisi did not accept the organisation’s API key. An organisation admin can enter a new one.';

export async function integrationOf(deps: AppDeps, auth: AuthContext) {
  return repo.findIntegration(deps.db, auth.organisationId);
}

export interface OrganisationKisi {
  integration: repo.IntegrationRow;
  /** Runs a Kisi call with the organisation's key; its failures become the API's 502 answers. */
  call<T>(work: (kisi: KisiAdapter) => Promise<T>): Promise<T>;
}

export async function kisiFor(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers'>,
  organisationId: number,
): Promise<OrganisationKisi> {
  const integration = await repo.findIntegration(deps.db, organisationId);
  if (!integration) throw conflict(NO_INTEGRATION);
  let apiKey: string;
  try {
    apiKey = deps.secrets.open(integration.apiKey);
  } catch {
    throw conflict(UNREADABLE_KEY);
  }
  const kisi = deps.providers.kisi(apiKey);
  return {
    integration,
    call: async (work) => {
      try {
        return await work(kisi);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // Not an outage: the stored key is wrong, and only a person can fix that.
        if (error.kind === 'unauthorized') throw conflict(REFUSED_STORED_KEY);
        throw providerFailure(error);
      }
    },
  };
}

/** Checks the key with Kisi (it must list places), then stores it sealed in place of any earlier one. */
export async function saveIntegration(deps: AppDeps, actor: Actor, input: IntegrationBody) {
  try {
    await deps.providers.kisi(input.api_key).listPlaces();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'unauthorized')
      throw validationError({ api_key: ['Kisi did not accept this API key'] });
    throw providerFailure(error);
  }
  const organisationId = actor.auth.organisationId;
  const saved = await deps.db.transaction(async (tx) => {
    const before = await repo.findIntegration(tx, organisationId);
    const secret = input.webhook_secret;
    const row = await repo.saveIntegration(tx, organisationId, {
      integrationType: input.integration_type,
      sealedApiKey: deps.secrets.seal(input.api_key),
      ...(secret === undefined ? {} : { sealedWebhookSecret: secret ? deps.secrets.seal(secret) : null }),
      now: deps.clock.now(),
    });
    await repo.insertActivity(tx, {
      organisationId,
      actorUserId: actor.auth.user.id,
      subjectType: 'organisation',
      subjectId: organisationId,
      action: before ? 'access_control.integration_changed' : 'access_control.integration_added',
      data: {
        integration_type: input.integration_type,
        api_key: '[sealed]',
        ...(secret === undefined ? {} : { webhook_secret: secret ? '[sealed]' : null }),
      },
      requestId: actor.requestId,
    });
    return row;
  });
  // The key Kisi signs this organisation's events with from now on (absent kept the stored one).
  deps.onKisiWebhookSecret?.(
    input.api_key,
    saved.sealedWebhookSecret === null ? null : deps.secrets.open(saved.sealedWebhookSecret),
  );
  return saved;
}
