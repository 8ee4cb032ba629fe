// The expected-payments and sandbox-clock answers, checked on arrival with the schemas the server answers
// with (@gym/domain/api/expected-payments, @gym/domain/api/dev-clock), and the feature's cache keys.
import { clockReading, travelAnswer } from '@gym/domain/api/dev-clock';
import { envelope } from '@gym/domain/api/envelope';
import type { z } from 'zod';

export { MAX_CLOCK_DAYS } from '@gym/domain/api/dev-clock';
export {
  EXPECTED_PAYMENT_STATUSES,
  EXPECTED_PAYMENTS_MAX_DAYS,
  type ExpectedPaymentRow,
  type ExpectedPaymentStatus,
  type ExpectedPaymentSubscription,
  type ExpectedPaymentsAnswer,
  expectedPaymentsAnswer,
  membershipStateLabel,
} from '@gym/domain/api/expected-payments';

export const clockAnswer = envelope(clockReading);
export const travelClockAnswer = envelope(travelAnswer);
export type ClockReading = z.infer<typeof clockReading>;

/** Everything under ['expected-payments'], so moving the clock refreshes the list and the clock at once. */
export const expectedPaymentKeys = {
  all: ['expected-payments'] as const,
  lists: ['expected-payments', 'list'] as const,
  list: (organisationId: number, filters: object) =>
    ['expected-payments', 'list', organisationId, filters] as const,
  clock: (organisationId: number) => ['expected-payments', 'clock', organisationId] as const,
};
