import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, offerings, privatePriceLinks } from '../../db/schema/index';
import { createOffering, createPrice, createPriceLink } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller } from './catalogue.test-support';
import { findJoinablePrice, findPriceByLinkToken } from './prices.repository';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let org: number;
let admin: ReturnType<typeof caller>;
let offering: { id: number };
let hidden: { id: number };
let open: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  org = home.organisation.id;
  admin = caller(t, await signIn(t.app, home.admin.email));
  offering = await createOffering(t.db, { organisationId: org, allGymsAccess: true });
  hidden = await createPrice(t.db, { organisationId: org, offeringId: offering.id, private: true });
  open = await createPrice(t.db, { organisationId: org, offeringId: offering.id });
});
afterAll(() => t.close());

describe('POST /api/prices/{id}/private-links', () => {
  it('creates unguessable links (32 random bytes, base64url), age_bypass when asked', async () => {
    const plain = await admin.post(`/api/prices/${hidden.id}/private-links`, {});
    expect(plain.statusCode).toBe(201);
    const bypass = await admin.post(`/api/prices/${hidden.id}/private-links`, { age_bypass: true });
    const [a, b] = [plain.json().data, bypass.json().data];
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.token).not.toBe(a.token);
    expect([a.age_bypass, b.age_bypass]).toEqual([false, true]);
    expect(a.url).toBe(`${new URL(t.env.REGISTER_URL).origin}/?price_link=${a.token}`);
    const price = (await admin.get(`/api/offerings/${offering.id}/prices`))
      .json()
      .data.find((p: { id: number }) => p.id === hidden.id);
    expect(price.private_links.map((l: { id: number }) => l.id)).toEqual([a.id, b.id]);
    const logs = await t.db.select().from(activityLog).where(eq(activityLog.subjectId, hidden.id));
    expect(JSON.stringify(logs)).not.toContain(a.token);
  });

  it('accepts a call without a body, and validates age_bypass', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/prices/${open.id}/private-links`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: await signIn(t.app, home.admin.email) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const bad = await admin.post(`/api/prices/${open.id}/private-links`, { age_bypass: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ age_bypass: ['Value must be true or false'] });
  });

  it('refuses a link to an archived price (409)', async () => {
    const archived = await createPrice(t.db, {
      organisationId: org,
      offeringId: offering.id,
      archivedAt: new Date(),
    });
    expect((await admin.post(`/api/prices/${archived.id}/private-links`, {})).statusCode).toBe(409);
  });
});

describe('reaching a price to join', () => {
  it('reaches a private price only through a live link of that price', async () => {
    const link = await createPriceLink(t.db, { organisationId: org, priceId: hidden.id, ageBypass: true });
    const otherLink = await createPriceLink(t.db, { organisationId: org, priceId: open.id });
    expect(await findJoinablePrice(t.db, org, hidden.id, null)).toBeNull();
    expect(await findJoinablePrice(t.db, org, hidden.id, otherLink.token)).toBeNull();
    expect(await findJoinablePrice(t.db, org, hidden.id, link.token)).toMatchObject({
      price_id: hidden.id,
      link_id: link.id,
      age_bypass: true,
    });
    expect(await findJoinablePrice(t.db, org, open.id, null)).toMatchObject({
      price_id: open.id,
      link_id: null,
      age_bypass: false,
    });
    await t.db
      .update(privatePriceLinks)
      .set({ revokedAt: new Date() })
      .where(eq(privatePriceLinks.id, link.id));
    expect(await findJoinablePrice(t.db, org, hidden.id, link.token)).toBeNull();
  });

  it('finds what a link opens by its token alone, never for another organisation or an archived offering', async () => {
    const link = await createPriceLink(t.db, { organisationId: org, priceId: hidden.id });
    expect(await findPriceByLinkToken(t.db, link.token)).toMatchObject({
      organisation_id: org,
      price_id: hidden.id,
    });
    const other = await createTenant(t.db);
    expect(await findJoinablePrice(t.db, other.organisation.id, hidden.id, link.token)).toBeNull();
    expect(await findPriceByLinkToken(t.db, 'not-a-token')).toBeNull();
    await t.db.update(offerings).set({ archivedAt: new Date() }).where(eq(offerings.id, offering.id));
    expect(await findPriceByLinkToken(t.db, link.token)).toBeNull();
    expect(await findJoinablePrice(t.db, org, open.id, null)).toBeNull();
  });
});
