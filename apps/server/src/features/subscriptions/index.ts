// What the server uses of subscriptions: the scheduler's sweep that finishes bulk price changes, and the
// actions the member's own account calls (the same services staff use, with the member as the actor).
export { runBulkPriceChanges } from './bulk-price-change.service';
export { cancel, undo } from './cancel.service';
export { actionsOf, pause, previewPause, removePause } from './pause.service';
export { stateInput } from './subscriptions.presenter';
export { findSubscription, openPause, type PauseRow, type SubscriptionRow } from './subscriptions.repository';
