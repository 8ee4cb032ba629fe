// What the server uses of subscriptions: the scheduler's sweep that finishes bulk price changes.
export { runBulkPriceChanges } from './bulk-price-change.service';
