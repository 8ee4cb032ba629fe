// The gym's destination account: created once, then renamed or given a new number (confirmed twice).

import type { DestinationAccountCreate, DestinationAccountUpdate } from '@gym/domain/destination-account';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { conflict, notFound } from '../../http/app-error';
import * as repo from './destination-accounts.repository';
import { insertGymActivity } from './gyms.repository';
import { gymFor } from './gyms.service';

/** Only the end of a number goes into the activity log. */
const tail = (number: string) => `…${number.slice(-6)}`;

export async function createAccount(
  deps: AppDeps,
  actor: Actor,
  gymId: number,
  input: DestinationAccountCreate,
) {
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertAccount(tx, {
      organisationId: actor.auth.organisationId,
      gymId: gym.id,
      name: input.name,
      bankAccountNumber: input.bank_account_number,
      now,
    });
    if (!row) throw conflict('This gym already has a destination account. Change it instead.');
    await insertGymActivity(tx, {
      organisationId: actor.auth.organisationId,
      gymId: gym.id,
      actorUserId: actor.auth.user.id,
      action: 'gym.destination_account_created',
      data: { account_id: row.id, name: row.name, bank_account_number: tail(row.bankAccountNumber) },
      requestId: actor.requestId,
    });
    return row;
  });
}

export async function updateAccount(
  deps: AppDeps,
  actor: Actor,
  gymId: number,
  accountId: number,
  input: DestinationAccountUpdate,
) {
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Read inside the transaction, row locked: two changes at once log each other's before correctly.
    const before = await repo.findAccount(tx, actor.auth.organisationId, gym.id, accountId, { lock: true });
    if (!before) throw notFound('Destination account not found.');
    const row = await repo.updateAccount(
      tx,
      actor.auth.organisationId,
      before.id,
      { name: input.name, bankAccountNumber: input.bank_account_number },
      now,
    );
    if (!row) throw notFound('Destination account not found.');
    await insertGymActivity(tx, {
      organisationId: actor.auth.organisationId,
      gymId: gym.id,
      actorUserId: actor.auth.user.id,
      action: 'gym.destination_account_changed',
      data: {
        account_id: row.id,
        name: { before: before.name, after: row.name },
        bank_account_number: { before: tail(before.bankAccountNumber), after: tail(row.bankAccountNumber) },
      },
      requestId: actor.requestId,
    });
    return row;
  });
}
