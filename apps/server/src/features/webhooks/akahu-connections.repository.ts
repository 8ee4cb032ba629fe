// A member's Akahu consent ending: the connection is revoked and the bank accounts it paid from stop
// being usable (their payment types stay, so history keeps its references).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { akahuConnections, bankAccounts, organisations, paymentTypes } from '../../db/schema/index';

/** The member's connections not yet revoked, tokens still sealed. */
export async function liveAkahuConnections(db: Executor, organisationId: number, userId: number) {
  return db
    .select({ id: akahuConnections.id, sealedToken: akahuConnections.accessToken })
    .from(akahuConnections)
    .where(
      and(
        eq(akahuConnections.organisationId, organisationId),
        eq(akahuConnections.userId, userId),
        isNull(akahuConnections.revokedAt),
      ),
    );
}

export async function revokeAkahuConnection(
  tx: Executor,
  organisationId: number,
  connectionId: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(akahuConnections)
    .set({ revokedAt: now })
    .where(
      and(
        eq(akahuConnections.organisationId, organisationId),
        eq(akahuConnections.id, connectionId),
        isNull(akahuConnections.revokedAt),
      ),
    )
    .returning({ id: akahuConnections.id });
  return rows.length > 0;
}

/** Marks the member's bank accounts INACTIVE; answers how many were still active. */
export async function deactivateBankAccounts(
  tx: Executor,
  organisationId: number,
  userId: number,
): Promise<number> {
  const bankTypes = tx
    .select({ id: paymentTypes.id })
    .from(paymentTypes)
    .where(
      and(
        eq(paymentTypes.organisationId, organisationId),
        eq(paymentTypes.userId, userId),
        eq(paymentTypes.type, 'bank_account'),
      ),
    );
  const rows = await tx
    .update(bankAccounts)
    .set({ status: 'INACTIVE' })
    .where(
      and(
        eq(bankAccounts.organisationId, organisationId),
        eq(bankAccounts.status, 'ACTIVE'),
        inArray(bankAccounts.paymentTypeId, bankTypes),
      ),
    )
    .returning({ id: bankAccounts.paymentTypeId });
  return rows.length;
}

/** Whether the organisation named in a signed Akahu `state` exists. */
export async function organisationExists(db: Executor, organisationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row !== undefined;
}
