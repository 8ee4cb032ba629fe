// The bank account a gym is paid into (one per gym). All SQL here.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { destinationAccounts } from '../../db/schema/index';

export type DestinationAccountRow = typeof destinationAccounts.$inferSelect;

/** The gym's account; `lock` holds the row for the rest of the transaction (a change read-then-written). */
export async function findAccount(
  db: Executor,
  organisationId: number,
  gymId: number,
  accountId: number,
  { lock = false } = {},
) {
  const query = db
    .select()
    .from(destinationAccounts)
    .where(
      and(
        eq(destinationAccounts.organisationId, organisationId),
        eq(destinationAccounts.gymId, gymId),
        eq(destinationAccounts.id, accountId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Inserts the gym's account; null when the gym already has one (one per gym, enforced by a unique index). */
export async function insertAccount(
  db: Executor,
  input: { organisationId: number; gymId: number; name: string; bankAccountNumber: string; now: Date },
) {
  const [row] = await db
    .insert(destinationAccounts)
    .values({
      organisationId: input.organisationId,
      gymId: input.gymId,
      name: input.name,
      bankAccountNumber: input.bankAccountNumber,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: destinationAccounts.gymId })
    .returning();
  return row ?? null;
}

export async function updateAccount(
  db: Executor,
  organisationId: number,
  accountId: number,
  changes: { name?: string | undefined; bankAccountNumber?: string | undefined },
  now: Date,
) {
  const [row] = await db
    .update(destinationAccounts)
    .set({
      name: changes.name,
      ...(changes.bankAccountNumber ? { bankAccountNumber: changes.bankAccountNumber } : {}),
      updatedAt: now,
    })
    .where(and(eq(destinationAccounts.organisationId, organisationId), eq(destinationAccounts.id, accountId)))
    .returning();
  return row ?? null;
}
