// What other features use of payments: the gym scope every staff reading of money, visits and figures
// shares, and the constant-memory CSV stream of the exports.
export { type CsvCell, csvLine, csvStream } from './csv-stream';
export { gymScope, reachesGym } from './gym-scope';
export { retryPaymentNow } from './payments.service';
