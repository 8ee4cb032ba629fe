// Expected payments (spec: the expected-payments debugging screen): what the billing engine should have
// charged each membership, day by day, beside what it did, with any drift reconciliation found.

export { expectedPaymentsRoutes } from './expected-payments.routes';
