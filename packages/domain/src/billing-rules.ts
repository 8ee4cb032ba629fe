// The money engine's rules (BILLING.md) in one import; each rule lives in its own small file.
export * from './charge-amount';
export * from './grace-period';
export * from './pause-credit';
export * from './payment-retry';
export * from './term-cancellation';
