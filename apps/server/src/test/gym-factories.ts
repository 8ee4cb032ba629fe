// Factories for gym settings, door places, webhook calls and visits, through the real tables.
import type { Executor } from '../db/client';
import {
  accessControlIntegrations,
  destinationAccounts,
  doors,
  places,
  visits,
  webhookCalls,
} from '../db/schema/index';
import { unique } from './factories';

export async function createDestinationAccount(
  db: Executor,
  input: { organisationId: number; gymId: number; name?: string; bankAccountNumber?: string },
) {
  const [row] = await db
    .insert(destinationAccounts)
    .values({
      organisationId: input.organisationId,
      gymId: input.gymId,
      name: input.name ?? 'Gym operating account',
      bankAccountNumber: input.bankAccountNumber ?? '12-3140-0171323-50',
    })
    .returning();
  return row!;
}

/** A Kisi integration with one place for the gym and its doors. */
export async function createPlaceWithDoors(
  db: Executor,
  input: { organisationId: number; gymId: number; doors?: { name: string; tracksVisits?: boolean }[] },
) {
  const [integration] = await db
    .insert(accessControlIntegrations)
    .values({ organisationId: input.organisationId, apiKey: 'sealed-elsewhere' })
    .onConflictDoUpdate({
      target: accessControlIntegrations.organisationId,
      set: { integrationType: 'kisi' },
    })
    .returning();
  const [place] = await db
    .insert(places)
    .values({
      organisationId: input.organisationId,
      gymId: input.gymId,
      integrationId: integration!.id,
      placeId: unique('place'),
      name: 'Main building',
    })
    .returning();
  const doorRows = await db
    .insert(doors)
    .values(
      (input.doors ?? [{ name: 'Front door' }]).map((d) => ({
        organisationId: input.organisationId,
        placeId: place!.id,
        doorId: unique('door'),
        name: d.name,
        tracksVisits: d.tracksVisits ?? true,
      })),
    )
    .returning();
  return { place: place!, doors: doorRows };
}

export async function createWebhookCall(
  db: Executor,
  input: {
    organisationId: number | null;
    provider?: 'akahu' | 'stripe' | 'kisi';
    status?: string;
    eventType?: string;
    receivedAt?: Date;
  },
) {
  const [row] = await db
    .insert(webhookCalls)
    .values({
      organisationId: input.organisationId,
      provider: input.provider ?? 'akahu',
      eventType: input.eventType ?? 'PAYMENT:UPDATE',
      externalId: unique('evt'),
      signatureValid: true,
      status: input.status ?? 'processed',
      headers: { 'x-akahu-signature': 'never-shown' },
      payload: { webhook_type: 'PAYMENT', webhook_code: 'UPDATE' },
      rawBody: 'raw-body-never-shown',
      receivedAt: input.receivedAt ?? new Date(),
    })
    .returning();
  return row!;
}

export async function createVisit(
  db: Executor,
  input: { organisationId: number; gymId: number; userId: number; visitedAt?: Date },
) {
  const [row] = await db
    .insert(visits)
    .values({
      organisationId: input.organisationId,
      gymId: input.gymId,
      userId: input.userId,
      visitedAt: input.visitedAt ?? new Date(),
    })
    .returning();
  return row!;
}
