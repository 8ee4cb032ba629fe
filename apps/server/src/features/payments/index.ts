// What other features use of payments: the gym scope every staff reading of money, visits and figures
// shares, the constant-memory CSV stream of the exports, and the standing every payment answer carries,
// and members' payment methods (the Payment type).
export { csvStream } from './csv-stream';
export { gymScope } from './gym-scope';
export { standingOf, standingsOf } from './payment-standing';
export {
  type PaymentTypeRow,
  paymentTypeRowsSql,
  paymentTypesOf,
  presentPaymentTypes,
} from './payment-types';
export { retryPaymentNow } from './payments.service';
