// Private price links: an unguessable token that opens one price on the join site; an age_bypass link also
// lets a person under the organisation's minimum age join through it.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app';
import { conflict } from '../../http/app-error';
import { insertActivity } from '../offerings/catalogue.repository';
import type { Actor } from '../offerings/offerings.service';
import type { PriceLinkRow } from './prices.repository';
import { lockWritablePrice, PRICE_ARCHIVED, priceLog } from './prices.service';
import { insertPriceLink } from './prices-write.repository';

/** 32 random bytes, base64url (43 characters): far beyond guessing, safe in a URL. */
export const LINK_TOKEN_BYTES = 32;
export const newLinkToken = () => randomBytes(LINK_TOKEN_BYTES).toString('base64url');

export async function createPrivateLink(
  deps: AppDeps,
  actor: Actor,
  priceId: number,
  ageBypass: boolean,
): Promise<PriceLinkRow> {
  return deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (price.archivedAt) throw conflict(PRICE_ARCHIVED);
    const now = deps.clock.now();
    const token = newLinkToken();
    const id = await insertPriceLink(tx, {
      organisationId: actor.auth.organisationId,
      priceId,
      token,
      ageBypass,
      createdBy: actor.auth.user.id,
      now,
    });
    // The token is the secret: the log names the link, never its token.
    await insertActivity(
      tx,
      priceLog(actor, priceId, 'price.private_link_created', { link_id: id, age_bypass: ageBypass }),
    );
    return { id, price_id: priceId, token, age_bypass: ageBypass, created_at: now };
  });
}
