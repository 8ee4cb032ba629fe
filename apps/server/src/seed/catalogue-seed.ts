// Inserts the demo organisations, gyms (with bank accounts, door integrations) and the offering catalogue.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import type { SecretBox } from '../db/secrets';
import {
  type GymDef,
  type OfferingDef,
  ORGANISATIONS,
  type OrganisationDef,
  type PriceDef,
} from './catalogue-defs';
import { nzBankAccount } from './nz-bank-account';
import type { Random } from './random';

export interface SeededGym {
  id: number;
  def: GymDef;
  destinationAccountId: number;
  frontDoorId: number;
}

interface SeededOffering {
  id: number;
  def: OfferingDef;
  /** The gyms the offering opens. */
  gymIds: number[];
}

export interface SeededPrice {
  id: number;
  def: PriceDef;
  offering: SeededOffering;
  privateLinkId: number | null;
}

export interface SeededOrg {
  id: number;
  def: OrganisationDef;
  gyms: SeededGym[];
  prices: Map<string, SeededPrice>;
}

export async function seedCatalogue(tx: Executor, random: Random, secrets: SecretBox, createdAt: Date) {
  const orgs: SeededOrg[] = [];
  for (const def of ORGANISATIONS) {
    const [org] = await tx
      .insert(s.organisations)
      .values({
        name: def.name,
        multiGym: def.multiGym,
        ...def.frequencies,
        failedPaymentGracePeriod: def.grace.period,
        failedPaymentGracePeriodUnit: def.grace.unit,
        termMembershipGracePeriod: def.termGrace.period,
        termMembershipGracePeriodUnit: def.termGrace.unit,
        createdAt,
      })
      .returning({ id: s.organisations.id });
    const organisationId = org!.id;
    const [integration] = await tx
      .insert(s.accessControlIntegrations)
      .values({ organisationId, apiKey: secrets.seal(`kisi_demo_${random.hex(24)}`), createdAt })
      .returning({ id: s.accessControlIntegrations.id });
    const gyms: SeededGym[] = [];
    for (const gym of def.gyms)
      gyms.push(await seedGym(tx, random, secrets, organisationId, integration!.id, gym, createdAt));
    const prices = new Map<string, SeededPrice>();
    for (const offering of def.offerings) {
      for (const price of await seedOffering(tx, random, organisationId, gyms, offering, createdAt)) {
        prices.set(price.def.key, price);
      }
    }
    orgs.push({ id: organisationId, def, gyms, prices });
  }
  return orgs;
}

async function seedGym(
  tx: Executor,
  random: Random,
  secrets: SecretBox,
  organisationId: number,
  integrationId: number,
  def: GymDef,
  createdAt: Date,
): Promise<SeededGym> {
  const percent = (def.cardSurchargeBasisPoints / 100).toFixed(1).replace(/\.0$/, '');
  const [gym] = await tx
    .insert(s.gyms)
    .values({
      organisationId,
      uuid: random.uuid(),
      name: def.name,
      stripeId: `acct_1Demo${random.hex(12).toUpperCase()}`,
      stripeConnectedAt: createdAt,
      priceChangeNotificationReplyTo: def.replyTo,
      akahuAppToken: `app_token_demo${random.hex(20)}`,
      akahuAppSecret: secrets.seal(`app_secret_demo${random.hex(24)}`),
      breakFeeBasisPoints: def.breakFeeBasisPoints,
      cardSurchargeBasisPoints: def.cardSurchargeBasisPoints,
      generalCardSurchargeText: `A ${percent}% surcharge applies to card payments.`,
      createdAt,
    })
    .returning({ id: s.gyms.id });
  const gymId = gym!.id;
  const [account] = await tx
    .insert(s.destinationAccounts)
    .values({
      organisationId,
      gymId,
      name: `${def.name} operating account`,
      bankAccountNumber: nzBankAccount(random).number,
      createdAt,
    })
    .returning({ id: s.destinationAccounts.id });
  const [place] = await tx
    .insert(s.places)
    .values({
      organisationId,
      gymId,
      integrationId,
      placeId: String(random.int(10000, 99999)),
      name: def.name,
      createdAt,
    })
    .returning({ id: s.places.id });
  const doors = await tx
    .insert(s.doors)
    .values([
      {
        organisationId,
        placeId: place!.id,
        doorId: String(random.int(100000, 999999)),
        name: 'Front door',
        createdAt,
      },
      {
        organisationId,
        placeId: place!.id,
        doorId: String(random.int(100000, 999999)),
        name: 'Roller door',
        tracksVisits: false,
        createdAt,
      },
    ])
    .returning({ id: s.doors.id, name: s.doors.name });
  const front = doors.find((d) => d.name === 'Front door')!;
  return { id: gymId, def, destinationAccountId: account!.id, frontDoorId: front.id };
}

async function seedOffering(
  tx: Executor,
  random: Random,
  organisationId: number,
  gyms: SeededGym[],
  def: OfferingDef,
  createdAt: Date,
): Promise<SeededPrice[]> {
  const owner = def.ownerGymKey ? gyms.find((g) => g.def.key === def.ownerGymKey) : undefined;
  const [row] = await tx
    .insert(s.offerings)
    .values({
      organisationId,
      gymId: owner?.id ?? null,
      name: def.name,
      description: def.description,
      type: def.type,
      allGymsAccess: def.allGymsAccess,
      hoursMandated: def.type === 'limited_access',
      archivedAt: def.archived ? createdAt : null,
      createdAt,
    })
    .returning({ id: s.offerings.id });
  const offeringId = row!.id;
  const gymIds = def.allGymsAccess
    ? gyms.map((g) => g.id)
    : owner
      ? [owner.id]
      : gyms.filter((g) => def.gymKeys?.includes(g.def.key)).map((g) => g.id);
  if (!def.allGymsAccess) {
    await tx.insert(s.offeringGyms).values(gymIds.map((gymId) => ({ organisationId, offeringId, gymId })));
  }
  if (def.hours?.length) {
    await tx
      .insert(s.offeringHours)
      .values(
        def.hours.map(([day, openAt, closeAt]) => ({ organisationId, offeringId, day, openAt, closeAt })),
      );
  }
  const offering: SeededOffering = { id: offeringId, def, gymIds };
  const prices: SeededPrice[] = [];
  for (const price of def.prices) {
    const [inserted] = await tx
      .insert(s.prices)
      .values({
        organisationId,
        offeringId,
        gymId: owner?.id ?? null,
        amount: price.amount,
        billingFrequency: price.frequency,
        joiningFee: price.joiningFee ?? 0,
        private: price.private ?? false,
        termAmount: price.term?.amount ?? null,
        termUnit: price.term?.unit ?? null,
        groupingUniqueIdentifier: random.uuid(),
        archivedAt: price.archived ? createdAt : null,
        createdAt,
      })
      .returning({ id: s.prices.id });
    let privateLinkId: number | null = null;
    if (price.private) {
      // A real secret even in demo data: the link is the only thing guarding the private price.
      const [link] = await tx
        .insert(s.privatePriceLinks)
        .values({
          organisationId,
          priceId: inserted!.id,
          token: randomBytes(18).toString('base64url'),
          createdAt,
        })
        .returning({ id: s.privatePriceLinks.id });
      privateLinkId = link!.id;
    }
    prices.push({ id: inserted!.id, def: price, offering, privateLinkId });
  }
  return prices;
}
