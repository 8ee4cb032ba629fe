// Akahu ACCOUNT events about an account a member pays from: MIGRATE (the bank gave the account a new id:
// the member's bank account follows it, so the next payment is made from the id that exists) and DELETE
// (the account is gone from the member's connection: treated like revoked consent, the bank account is
// no longer usable, so the next charge fails as CONSENT_REVOKED and the member is sent the fix link).
// Small named steps, for the membership lifecycle module to take over (issue 30).
import { and, eq, inArray } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { bankAccounts, paymentTypes } from '../../db/schema/index';
import type { AkahuWebhookOwner } from './akahu-state';
import { type EventPlan, NO_MATCHING_RECORD } from './webhook-handler';

function memberBankTypes(tx: Executor, owner: AkahuWebhookOwner) {
  return tx
    .select({ id: paymentTypes.id })
    .from(paymentTypes)
    .where(
      and(
        eq(paymentTypes.organisationId, owner.organisationId),
        eq(paymentTypes.userId, owner.userId),
        eq(paymentTypes.type, 'bank_account'),
      ),
    );
}

/** The member's bank accounts held under `previousId` now carry `newId`; answers how many. */
async function followMigratedAkahuAccount(
  tx: Executor,
  owner: AkahuWebhookOwner,
  change: { previousId: string; newId: string },
): Promise<number[]> {
  const rows = await tx
    .update(bankAccounts)
    .set({ akahuAccountId: change.newId })
    .where(
      and(
        eq(bankAccounts.organisationId, owner.organisationId),
        eq(bankAccounts.akahuAccountId, change.previousId),
        inArray(bankAccounts.paymentTypeId, memberBankTypes(tx, owner)),
      ),
    )
    .returning({ id: bankAccounts.paymentTypeId });
  return rows.map((r) => r.id);
}

/** The member's bank accounts held under a deleted Akahu account can no longer pay; answers which. */
async function deactivateDeletedAkahuAccount(
  tx: Executor,
  owner: AkahuWebhookOwner,
  accountId: string,
): Promise<number[]> {
  const rows = await tx
    .update(bankAccounts)
    .set({ status: 'INACTIVE' })
    .where(
      and(
        eq(bankAccounts.organisationId, owner.organisationId),
        eq(bankAccounts.akahuAccountId, accountId),
        eq(bankAccounts.status, 'ACTIVE'),
        inArray(bankAccounts.paymentTypeId, memberBankTypes(tx, owner)),
      ),
    )
    .returning({ id: bankAccounts.paymentTypeId });
  return rows.map((r) => r.id);
}

export function planAccountMigrate(
  owner: AkahuWebhookOwner,
  previousId: string,
  newId: string,
  now: () => Date,
): EventPlan {
  return {
    organisationId: owner.organisationId,
    note: null,
    async apply(tx, context) {
      const moved = await followMigratedAkahuAccount(tx, owner, { previousId, newId });
      if (moved.length === 0) return NO_MATCHING_RECORD;
      for (const paymentTypeId of moved) {
        await appendActivity(tx, {
          organisationId: owner.organisationId,
          actorUserId: null,
          userId: owner.userId,
          subjectType: 'user',
          subjectId: owner.userId,
          action: 'bank_account.migrated',
          data: {
            source: 'akahu_webhook',
            payment_type_id: paymentTypeId,
            previous_akahu_account_id: previousId,
            akahu_account_id: newId,
            webhook_call_id: context.webhookCallId,
          },
          requestId: context.requestId,
          createdAt: now(),
        });
      }
      return null;
    },
  };
}

export function planAccountDelete(owner: AkahuWebhookOwner, accountId: string, now: () => Date): EventPlan {
  return {
    organisationId: owner.organisationId,
    note: null,
    async apply(tx, context) {
      const stopped = await deactivateDeletedAkahuAccount(tx, owner, accountId);
      if (stopped.length === 0) return NO_MATCHING_RECORD;
      for (const paymentTypeId of stopped) {
        await appendActivity(tx, {
          organisationId: owner.organisationId,
          actorUserId: null,
          userId: owner.userId,
          subjectType: 'user',
          subjectId: owner.userId,
          action: 'bank_account.deleted_at_bank',
          data: {
            source: 'akahu_webhook',
            payment_type_id: paymentTypeId,
            akahu_account_id: accountId,
            webhook_call_id: context.webhookCallId,
          },
          requestId: context.requestId,
          createdAt: now(),
        });
      }
      return null;
    },
  };
}
